import { inTransaction, type Pool, type PoolClient, type StoredEvent } from '@shop/infra';
import { saveCheckpoint } from './checkpoints.js';
import { ProjectionFailedError, type Projection } from './projection.js';

export interface ApplyOptions {
  /** Redirects unqualified table names to fresh tables in this schema (rebuilds). */
  schema?: string;
  /** Name under which the checkpoint is stored; defaults to the projection's name. */
  checkpointName?: string;
  /** Store the global checkpoint (false when fed from Kafka, where offsets are the checkpoint). */
  saveGlobalCheckpoint?: boolean;
}

/**
 * Applies a batch to one projection in a single transaction: its rows, each stream's last
 * applied revision, and its checkpoint commit together. Events whose stream revision was
 * applied already are skipped, so redelivery (Kafka, a crash before an offset commit) is
 * harmless. Returns how many events the projection handled.
 */
export async function applyBatch(pool: Pool, projection: Projection, events: StoredEvent[], options: ApplyOptions = {}): Promise<number> {
  const last = events[events.length - 1];
  if (!last) return 0;
  return inTransaction(pool, async (client) => {
    if (options.schema) await client.query(`SET LOCAL search_path TO "${options.schema}", public`);
    const name = options.checkpointName ?? projection.name;
    const applied = await appliedRevisions(client, name, events);
    const toApply: StoredEvent[] = [];
    for (const event of events) {
      if ((applied.get(event.streamId) ?? -1) >= event.revision) continue;
      applied.set(event.streamId, event.revision);
      if (projection.handles.includes(event.type)) toApply.push(event);
    }
    await applyEvents(client, projection, toApply);
    await saveRevisions(client, name, events, applied);
    if (options.saveGlobalCheckpoint !== false) await saveCheckpoint(client, name, last.checkpoint);
    return toApply.length;
  });
}

/** All at once when the projection can; event by event otherwise, or to find a failing event. */
async function applyEvents(client: PoolClient, projection: Projection, events: StoredEvent[]): Promise<void> {
  if (events.length === 0) return;
  if (projection.applyMany && events.length > 1) {
    await client.query('SAVEPOINT apply_many');
    try {
      await projection.applyMany(client, events);
      await client.query('RELEASE SAVEPOINT apply_many');
      return;
    } catch {
      await client.query('ROLLBACK TO SAVEPOINT apply_many');
    }
  }
  for (const event of events) {
    try {
      await projection.apply(client, event);
    } catch (error) {
      throw new ProjectionFailedError(projection.name, event, error);
    }
  }
}

async function appliedRevisions(client: PoolClient, projection: string, events: StoredEvent[]): Promise<Map<string, number>> {
  const streams = [...new Set(events.map((event) => event.streamId))];
  const result = await client.query<{ stream_id: string; revision: number }>(
    'SELECT stream_id, revision FROM projection_stream_revisions WHERE projection = $1 AND stream_id = ANY($2)',
    [projection, streams],
  );
  return new Map(result.rows.map((row) => [row.stream_id, row.revision]));
}

async function saveRevisions(client: PoolClient, projection: string, events: StoredEvent[], applied: Map<string, number>) {
  const streams = [...new Set(events.map((event) => event.streamId))];
  await client.query(
    `INSERT INTO projection_stream_revisions (projection, stream_id, revision)
     SELECT $1, s, r FROM unnest($2::text[], $3::bigint[]) AS t(s, r)
     ON CONFLICT (projection, stream_id) DO UPDATE SET revision = GREATEST(projection_stream_revisions.revision, EXCLUDED.revision)`,
    [projection, streams, streams.map((stream) => applied.get(stream) ?? -1)],
  );
}
