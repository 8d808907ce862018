import { inTransaction, type Pool, type StoredEvent } from '@shop/infra';
import { saveCheckpoint } from './checkpoints.js';
import { ProjectionFailedError, type Projection } from './projection.js';

/**
 * Applies a batch to one projection in a single transaction and moves its checkpoint to
 * the batch's last event. `schema` redirects unqualified table names (rebuilds); the
 * checkpoint is stored under `checkpointName` in the same transaction.
 */
export async function applyBatch(
  pool: Pool,
  projection: Projection,
  events: StoredEvent[],
  options: { schema?: string; checkpointName?: string } = {},
): Promise<number> {
  const last = events[events.length - 1];
  if (!last) return 0;
  let applied = 0;
  await inTransaction(pool, async (client) => {
    if (options.schema) await client.query(`SET LOCAL search_path TO "${options.schema}", public`);
    for (const event of events) {
      if (!projection.handles.includes(event.type)) continue;
      try {
        await projection.apply(client, event);
      } catch (error) {
        throw new ProjectionFailedError(projection.name, event, error);
      }
      applied++;
    }
    await saveCheckpoint(client, options.checkpointName ?? projection.name, last.checkpoint);
  });
  return applied;
}
