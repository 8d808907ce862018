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
