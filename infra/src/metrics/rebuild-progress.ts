import type { Pool } from '../postgres/pool.js';

export interface RebuildProgressRow {
  projection: string;
  phase: string;
  eventsDone: number;
  eventsTotal: number;
  eventsPerSecond: number;
  etaSeconds: number;
}

/**
 * Rebuilds running now, as `npm run replay` publishes them (projectors/src/rebuild/progress-board.ts).
 * Rows not updated for 30 s belong to a rebuild that was killed and are left out. No table (a
 * database the projectors' migrations have not reached) reads as no rebuild.
 */
export async function readRebuildProgress(pool: Pool): Promise<RebuildProgressRow[]> {
  const result = await pool
    .query<{ projection: string; phase: string; events_done: string; events_total: string; events_per_second: number; eta_seconds: number }>(
      `SELECT projection, phase, events_done, events_total, events_per_second, eta_seconds
         FROM rebuild_progress WHERE updated_at > now() - interval '30 seconds'`,
    )
    .catch(() => ({ rows: [] }));
  return result.rows.map((row) => ({
    projection: row.projection,
    phase: row.phase,
    eventsDone: Number(row.events_done),
    eventsTotal: Number(row.events_total),
    eventsPerSecond: row.events_per_second,
    etaSeconds: row.eta_seconds,
  }));
}
