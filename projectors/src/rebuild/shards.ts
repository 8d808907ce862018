import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { FileKeyEncryptionKeys, processKeyEncryptionKeys, type Pool, type PoolClient } from '@shop/infra';
import type { BulkProjection } from './bulk-fold.js';
import { FoldShard, type RawEvent, type ShardTarget } from './fold-shard.js';
import type { FromWorker, ToWorker, WorkerInput } from './fold-worker.js';

/** Where a share of the streams is folded: in this thread, or in a worker thread of its own. */
export interface Shard {
  /** Resolves when the shard can take more (a bounded number of pages in flight). */
  add: (events: RawEvent[]) => Promise<void>;
  /** A page that will be added next (a shard may start on it early); the same array is passed to `add`. */
  expect?: (events: RawEvent[]) => void;
  finish: () => Promise<Record<string, number>>;
  close: () => Promise<void>;
  /** The staging tables are still being made: nothing is written before `ready` (a shard may fold meanwhile). */
  writeAfter: (ready: Promise<unknown>) => void;
}

/** One shard in this thread: no copying of events between threads (the 1-worker case). */
export async function localShard(pool: Pool, targets: ShardTarget[], lookup: (name: string) => BulkProjection): Promise<Shard> {
  const client: PoolClient = await pool.connect();
  const shard = new FoldShard(client, targets, lookup, pool);
  await shard.prepare();
  let released = false;
  return {
    add: (events) => shard.add(events),
    expect: (events) => shard.expect(events),
    finish: () => shard.finish(),
    writeAfter: (ready) => shard.writeAfter(ready),
    close: async () => {
      if (released) return;
      released = true;
      await client.query('RESET synchronous_commit').catch(() => undefined);
      client.release();
    },
  };
}

/** Pages a worker may hold before the reader waits: one folding, one queued. */
const IN_FLIGHT = 2;

/**
 * One shard in a worker thread (fold-worker.ts), fed pages by message. The thread is taken from
 * the process's idle ones (kept between rebuilds: a warm rebuild pays no thread start, and folds
 * with code the thread has compiled already), or started from the bundled worker
 * (worker-bundle.ts) when there is one, else through tsx's loader. A shard that finished gives its
 * thread back; one that failed or was given up ends it.
 */
export async function threadShard(databaseUrl: string, targets: ShardTarget[], bundle: string | null): Promise<Shard> {
  const worker = takeWorker(bundle);
  let failure: Error | null = null;
  let inFlight = 0;
  let waiting: Array<{ resolve: () => void; reject: (error: Error) => void }> = [];
  let finished: { resolve: (handled: Record<string, number>) => void; reject: (error: Error) => void } | null = null;
  let reusable = false;
  const fail = (error: Error) => {
    failure ??= error;
    for (const waiter of waiting) waiter.reject(error);
    waiting = [];
    finished?.reject(error);
  };
  let readyNow: { resolve: () => void; reject: (error: Error) => void } | null = null;
  const onMessage = (message: FromWorker) => {
    if (message.kind === 'ready') readyNow?.resolve();
    else if (message.kind === 'added') {
      inFlight--;
      waiting.shift()?.resolve();
    } else if (message.kind === 'finished') {
      reusable = true;
      finished?.resolve(message.handled);
    } else {
      readyNow?.reject(new Error(message.message));
      fail(new Error(message.message));
    }
  };
  const onError = (error: Error) => {
    readyNow?.reject(error);
    fail(error);
  };
  const onExit = (code: number) => onError(new Error(`rebuild worker exited (${code})`));
  worker.on('message', onMessage);
  worker.on('error', onError);
  worker.on('exit', onExit);
  const post = (message: ToWorker) => worker.postMessage(message);
  const close = async () => {
    worker.off('message', onMessage);
    worker.off('error', onError);
    worker.off('exit', onExit);
    if (reusable && !failure) giveBack(bundle, worker);
    else await worker.terminate();
  };
  const input: WorkerInput = { databaseUrl, targets, keyFile: keyFileOfThisProcess() };
  try {
    await new Promise<void>((resolve, reject) => {
      readyNow = { resolve, reject };
      post({ kind: 'begin', input });
    });
  } catch (error) {
    await close();
    throw error;
  }
  // A worker is sent its first page once the tables exist: a promise cannot cross to its thread.
  let tablesReady: Promise<unknown> = Promise.resolve();
  return {
    writeAfter: (ready) => {
      tablesReady = ready;
    },
    add: async (events) => {
      await tablesReady;
      if (failure) throw failure;
      inFlight++;
      post({ kind: 'events', events });
      if (inFlight >= IN_FLIGHT) await new Promise<void>((resolve, reject) => waiting.push({ resolve, reject }));
    },
    finish: () =>
      new Promise((resolve, reject) => {
        if (failure) return reject(failure);
        finished = { resolve, reject };
        post({ kind: 'finish' });
      }),
    close,
  };
}

/** Worker threads between rebuilds, by the module they run (a bundle's path, or '' for tsx). */
const idleWorkers = new Map<string, Worker[]>();

function takeWorker(bundle: string | null): Worker {
  const worker = idleWorkers.get(bundle ?? '')?.pop() ?? newWorker(bundle);
  worker.ref();
  return worker;
}

function newWorker(bundle: string | null): Worker {
  const worker = bundle ? new Worker(bundle) : new Worker(workerBootstrap(), { eval: true });
  // A thread that exits while idle (it should not) is not handed out again.
  worker.once('exit', () => {
    const idle = idleWorkers.get(bundle ?? '') ?? [];
    if (idle.includes(worker)) idle.splice(idle.indexOf(worker), 1);
  });
  return worker;
}

/** An idle thread does not keep the process alive. */
function giveBack(bundle: string | null, worker: Worker): void {
  const idle = idleWorkers.get(bundle ?? '') ?? [];
  idleWorkers.set(bundle ?? '', idle);
  idle.push(worker);
  worker.unref();
}

/**
 * The file of the key-encryption keys this process opened, for a worker to open too; none when
 * it opened none (a log without sealed data folds without them, here as in the worker).
 */
function keyFileOfThisProcess(): string | null {
  let keks: ReturnType<typeof processKeyEncryptionKeys>;
  try {
    keks = processKeyEncryptionKeys();
  } catch {
    return null;
  }
  return keks instanceof FileKeyEncryptionKeys ? keks.path : null;
}

/**
 * Without a bundle: worker threads do not inherit the TypeScript loader the main thread runs under
 * (tsx, or vitest), so the worker starts from a line of plain JavaScript that registers tsx's
 * loader and then imports the worker module. tsx's `esm/api` entry is resolved for `import`.
 */
function workerBootstrap(): string {
  const tsxApi = pathToFileURL(createRequire(import.meta.url).resolve('tsx/esm/api').replace(/index\.cjs$/, 'index.mjs')).href;
  const entry = new URL('./fold-worker.ts', import.meta.url).href;
  return `import(${JSON.stringify(tsxApi)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(entry)}); })`;
}
