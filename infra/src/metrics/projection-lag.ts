import type { Pool } from '../postgres/pool.js';

export interface ProjectionLag {
  name: string;
  /** Global position of the last event the projection has passed (0 before the first). */
  position: number;
  /** Readable events after its checkpoint. */
  lagEvents: number;
  /** How long the oldest event it has not applied yet has been waiting; 0 when caught up. */
  lagMs: number;
}

// Counted in the store's reading order and under the same visibility rule as readers
// (shop_read_horizon, decision 0231), so an event a projection cannot see yet does not count as lag.
// The PostgreSQL log's own: with EVENTSTORE_URL set the shop refuses to start (decision 0421).
const LAG_SQL = `
  SELECT n.name,
         coalesce(c.global_position, 0) AS position,
         (SELECT count(*) FROM events e
           WHERE (e.transaction_id, e.global_position) > (coalesce(c.transaction_id, 0)::text::xid8, coalesce(c.global_position, 0))
             AND e.transaction_id < (SELECT shop_read_horizon()))::bigint AS lag_events,
         (SELECT e.metadata ->> 'occurredAt' FROM events e
           WHERE (e.transaction_id, e.global_position) > (coalesce(c.transaction_id, 0)::text::xid8, coalesce(c.global_position, 0))
             AND e.transaction_id < (SELECT shop_read_horizon())
           ORDER BY e.transaction_id, e.global_position LIMIT 1) AS oldest_waiting
    FROM unnest($1::text[]) AS n(name)
    LEFT JOIN projection_checkpoints c ON c.name = n.name`;

/** Lag of each named projection, read from the database so any process can report it. */
export async function readProjectionLag(pool: Pool, names: readonly string[], now: Date = new Date()): Promise<ProjectionLag[]> {
  const result = await pool.query<{ name: string; position: number; lag_events: number; oldest_waiting: string | null }>(LAG_SQL, [names]);
  return result.rows.map((row) => ({
    name: row.name,
    position: row.position,
    lagEvents: row.lag_events,
    lagMs: row.oldest_waiting ? Math.max(0, now.getTime() - Date.parse(row.oldest_waiting)) : 0,
  }));
}

/** Where a reader stands in the log: the store's reading order is (transaction id, position). */
export interface LogPlace {
  transactionId: string;
  position: number;
}

/**
 * The last event committed so far, in reading order (null for an empty log): a checkpoint that
 * has reached it has passed every event committed before the call. Not `max(global_position)`:
 * positions are taken in one order and committed in another, so the event with the highest
 * position may be read before others, and a checkpoint can rest below it for good.
 */
export async function readLogHead(db: Pick<Pool, 'query'>): Promise<LogPlace | null> {
  const { rows } = await db.query<{ transaction_id: string; global_position: number }>(
    // Ordered by the column, not by its text alias (which would put '998' after '2020').
    `SELECT e.transaction_id::text AS transaction_id, e.global_position FROM events e
      ORDER BY e.transaction_id DESC, e.global_position DESC LIMIT 1`,
  );
  const head = rows[0];
  return head ? { transactionId: head.transaction_id, position: head.global_position } : null;
}

/** Whether every stored checkpoint has passed `head` (a place read with readLogHead). */
export async function checkpointsReached(db: Pick<Pool, 'query'>, head: LogPlace | null): Promise<boolean> {
  if (!head) return true;
  const { rowCount } = await db.query(
    `SELECT 1 FROM projection_checkpoints
      WHERE (transaction_id::text::xid8, global_position) < ($1::text::xid8, $2) LIMIT 1`,
    [head.transactionId, head.position],
  );
  return rowCount === 0;
}
