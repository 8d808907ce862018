import { parentPort } from 'node:worker_threads';
import { createPool, FileKeyEncryptionKeys, useKeyEncryptionKeys, type Pool, type PoolClient } from '@shop/infra/log-reading';
import { bulkProjections } from '../read-models/all.js';
import { FoldShard, type RawEvent, type ShardTarget } from './fold-shard.js';

/**
 * A worker thread of rebuilds (shards.ts): kept by the process between rebuilds (worker-pool.ts),
 * so a rebuild after the first pays no thread start and folds with code already compiled. Each
 * rebuild begins with `begin`; the worker folds the streams the main thread sends it and writes
 * their rows on a connection of its own. Messages are handled one at a time, in order.
 */
export interface WorkerInput {
  databaseUrl: string;
  targets: ShardTarget[];
  /** The main thread's key-encryption key file: a thread has module state of its own (docs/decisions/0162). */
  keyFile: string | null;
}
export type ToWorker = { kind: 'begin'; input: WorkerInput } | { kind: 'events'; events: RawEvent[] } | { kind: 'finish' };
export type FromWorker = { kind: 'ready' } | { kind: 'added' } | { kind: 'finished'; handled: Record<string, number> } | { kind: 'failed'; message: string };

const port = parentPort!;
const send = (message: FromWorker) => port.postMessage(message);

/** One rebuild's share: its connections (one for the rows, held throughout; one for the personal-data keys) and its fold. */
interface Rebuild {
  pool: Pool;
  client: PoolClient;
  shard: FoldShard;
}

async function begin(input: WorkerInput): Promise<Rebuild> {
  if (input.keyFile) useKeyEncryptionKeys(await FileKeyEncryptionKeys.existing(input.keyFile));
  const pool = createPool(input.databaseUrl, 2);
  const client = await pool.connect();
  const shard = new FoldShard(client, input.targets, (name) => bulkProjections.get(name)!, pool);
  await shard.prepare();
  return { pool, client, shard };
}

let current: Promise<Rebuild> | null = null;
let queue: Promise<unknown> = Promise.resolve();
port.on('message', (message: ToWorker) => {
  if (message.kind === 'begin') {
    const started = begin(message.input);
    current = started;
    queue = started.then(
      () => send({ kind: 'ready' }),
      (error: unknown) => send({ kind: 'failed', message: messageOf(error) }),
    );
    return;
  }
  const rebuild = current!;
  // A page arrives while the one before it folds: its keys are looked up meanwhile.
  if (message.kind === 'events') void rebuild.then(({ shard }) => shard.expect(message.events), () => undefined);
  queue = queue.then(async () => {
    const { pool, client, shard } = await rebuild;
    if (message.kind === 'events') {
      await shard.add(message.events);
      send({ kind: 'added' });
    } else {
      const handled = await shard.finish();
      // Connections are the rebuild's (a database may be dropped after it); the thread stays.
      client.release();
      await pool.end();
      send({ kind: 'finished', handled });
    }
  });
  // A failure ends this rebuild here: the main thread gives it up and ends the thread.
  queue.catch((error: unknown) => send({ kind: 'failed', message: messageOf(error) }));
});

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
