import { parentPort, workerData } from 'node:worker_threads';
import { createPool, FileKeyEncryptionKeys, useKeyEncryptionKeys } from '@shop/infra/log-reading';
import { bulkProjections } from '../read-models/all.js';
import { FoldShard, type RawEvent, type ShardTarget } from './fold-shard.js';

/**
 * A worker thread of a rebuild (thread-shard.ts): folds the streams the main thread sends it
 * and writes their rows on a connection of its own. Messages are handled one at a time, in order.
 */
export interface WorkerInput {
  databaseUrl: string;
  targets: ShardTarget[];
  /** The main thread's key-encryption key file: a thread has module state of its own (docs/decisions/0162). */
  keyFile: string | null;
}
export type ToWorker = { kind: 'events'; events: RawEvent[] } | { kind: 'finish' };
export type FromWorker = { kind: 'ready' } | { kind: 'added' } | { kind: 'finished'; handled: Record<string, number> } | { kind: 'failed'; message: string };

const port = parentPort!;
const input = workerData as WorkerInput;
// One connection for the rows (held throughout), one for the personal-data keys.
const pool = createPool(input.databaseUrl, 2);
const send = (message: FromWorker) => port.postMessage(message);

async function start(): Promise<FoldShard> {
  if (input.keyFile) useKeyEncryptionKeys(await FileKeyEncryptionKeys.existing(input.keyFile));
  const shard = new FoldShard(await pool.connect(), input.targets, (name) => bulkProjections.get(name)!, pool);
  await shard.prepare();
  return shard;
}

const started = start();
let queue: Promise<FoldShard> = started;
queue.then(
  () => send({ kind: 'ready' }),
  (error: unknown) => send({ kind: 'failed', message: messageOf(error) }),
);
port.on('message', (message: ToWorker) => {
  // A page arrives while the one before it folds: its keys are looked up meanwhile.
  if (message.kind === 'events') void started.then((shard) => shard.expect(message.events), () => undefined);
  queue = queue.then(async (shard) => {
    if (message.kind === 'events') {
      await shard.add(message.events);
      send({ kind: 'added' });
    } else {
      send({ kind: 'finished', handled: await shard.finish() });
      await pool.end();
    }
    return shard;
  });
  // A failure stops this worker: the main thread gives the whole rebuild up.
  queue.catch((error: unknown) => send({ kind: 'failed', message: messageOf(error) }));
});

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
