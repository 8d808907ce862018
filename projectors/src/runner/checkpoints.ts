import { START, type GlobalCheckpoint, type Pool, type PoolClient } from '@shop/infra/log-reading';

export async function loadCheckpoint(db: Pool | PoolClient, name: string): Promise<GlobalCheckpoint> {
  const result = await db.query<{ transaction_id: number; global_position: number }>(
    'SELECT transaction_id, global_position FROM projection_checkpoints WHERE name = $1',
    [name],
  );
  const row = result.rows[0];
  return row ? { transactionId: Number(row.transaction_id), position: Number(row.global_position) } : START;
}

export async function saveCheckpoint(client: PoolClient, name: string, checkpoint: GlobalCheckpoint): Promise<void> {
  await client.query(
    `INSERT INTO projection_checkpoints (name, transaction_id, global_position, updated_at) VALUES ($1, $2, $3, now())
     ON CONFLICT (name) DO UPDATE SET transaction_id = EXCLUDED.transaction_id,
       global_position = EXCLUDED.global_position, updated_at = now()`,
    [name, checkpoint.transactionId, checkpoint.position],
  );
}

/**
 * Moves the checkpoints of `names` to `checkpoint`, never back (a slower delivery of an earlier
 * batch leaves a later checkpoint as it is): one statement, outside any transaction.
 */
export async function advanceCheckpoints(db: Pool | PoolClient, names: readonly string[], checkpoint: GlobalCheckpoint): Promise<void> {
  await db.query(
    `INSERT INTO projection_checkpoints AS c (name, transaction_id, global_position, updated_at)
     SELECT name, $2, $3, now() FROM unnest($1::text[]) AS name
     ON CONFLICT (name) DO UPDATE SET transaction_id = EXCLUDED.transaction_id,
       global_position = EXCLUDED.global_position, updated_at = now()
     WHERE (c.transaction_id, c.global_position) < (EXCLUDED.transaction_id, EXCLUDED.global_position)`,
    [names, checkpoint.transactionId, checkpoint.position],
  );
}

/** Which of two checkpoints comes first in the store's reading order. */
export function earlier(a: GlobalCheckpoint, b: GlobalCheckpoint): GlobalCheckpoint {
  if (a.transactionId !== b.transactionId) return a.transactionId < b.transactionId ? a : b;
  return a.position <= b.position ? a : b;
}

/**
 * Gives each of `names` a checkpoint row (at the start of the log) unless it has one: the Kafka
 * feed moves checkpoints it finds, and a projection never fed before has none.
 */
export async function ensureCheckpoints(db: Pool | PoolClient, names: readonly string[]): Promise<void> {
  await db.query(
    `INSERT INTO projection_checkpoints (name, transaction_id, global_position)
     SELECT name, 0, 0 FROM unnest($1::text[]) AS name ON CONFLICT (name) DO NOTHING`,
    [names],
  );
}

/**
 * For projections fed out of the log's order (Kafka: partitions interleave, several processes
 * share them; decision 0305): moves each checkpoint on to the last event before the first one
 * its revision rows do not show as applied, never back. A parked stream's events count as passed:
 * they wait for a retry, which reads them from the store, and the parking is reported on its own.
 *
 * Two statements inside the caller's transaction: the first locks the checkpoint rows, and only
 * the second, whose snapshot is taken after that lock was granted, reads the revision rows. So
 * of two overlapping batches the later sees what the earlier committed, and the last to commit
 * moves the checkpoint over both; a single statement would read from before the wait and could
 * leave the checkpoint behind events that are applied.
 */
export async function advanceToApplied(client: PoolClient, names: readonly string[]): Promise<void> {
  await client.query('SELECT 1 FROM projection_checkpoints WHERE name = ANY($1) ORDER BY name FOR UPDATE', [names]);
  // The first event not passed is found walking the log from the checkpoint (it stops there, so a
  // walk costs what the checkpoint gains); the checkpoint then goes to the last event before it,
  // or to the last readable one. One horizon for both lookups, so no event is passed unseen.
  await client.query(
    `WITH horizon AS MATERIALIZED (SELECT shop_read_horizon() AS h),
     c AS (SELECT name, transaction_id::text::xid8 AS tx, global_position AS pos FROM projection_checkpoints WHERE name = ANY($1)),
     blocked AS (
       SELECT c.name, c.tx, c.pos, b.transaction_id AS btx, b.global_position AS bpos FROM c LEFT JOIN LATERAL (
         SELECT e.transaction_id, e.global_position FROM events e
           LEFT JOIN projection_stream_revisions r ON r.projection = c.name AND r.stream_id = e.stream_id
          WHERE (e.transaction_id, e.global_position) > (c.tx, c.pos) AND e.transaction_id < (SELECT h FROM horizon)
            AND NOT coalesce(r.revision >= e.stream_revision OR r.parked_revision IS NOT NULL, false)
          ORDER BY e.transaction_id, e.global_position LIMIT 1) b ON true),
     reached AS (
       SELECT blocked.name, n.transaction_id, n.global_position FROM blocked CROSS JOIN LATERAL (
         SELECT e.transaction_id, e.global_position FROM events e
          WHERE (e.transaction_id, e.global_position) > (blocked.tx, blocked.pos) AND e.transaction_id < (SELECT h FROM horizon)
            AND (blocked.btx IS NULL OR (e.transaction_id, e.global_position) < (blocked.btx, blocked.bpos))
          ORDER BY e.transaction_id DESC, e.global_position DESC LIMIT 1) n)
     UPDATE projection_checkpoints c SET transaction_id = reached.transaction_id::text::bigint,
            global_position = reached.global_position, updated_at = now()
       FROM reached WHERE c.name = reached.name`,
    [names],
  );
}
