import { Router } from 'express';
import type { Pool } from '../postgres/pool.js';
import { readParkedStreams } from './parked-streams.js';
import { readProjectionLag } from './projection-lag.js';
import type { ProjectionHealth } from './shop-metrics.js';

export interface HealthOptions {
  pool: Pool;
  projections: readonly string[];
  runnerHealth?: () => readonly ProjectionHealth[];
  /** A projection whose oldest unapplied event waits longer than this is not caught up. */
  maxLagMs?: number;
  /** Why the database is gone for good (the embedded one ended under the shop), else null: not ready, without asking it. */
  databaseLost?: () => string | null;
}

/**
 * /healthz: the process is alive (no dependencies checked, so a slow database does not get it
 * restarted). /readyz: the database answers, no projection of this process has failed, and
 * every projection is caught up within the bound; otherwise 503 with the reason. Parked streams
 * (decision 0111) are listed but keep the process ready: it serves every other stream correctly,
 * and taking it out of rotation would hide the read models from everyone.
 */
export function healthRouter(options: HealthOptions): Router {
  const router = Router();
  router.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });
  router.get('/readyz', async (_req, res) => {
    const problem = await readinessProblem(options);
    const parked = problem ? [] : await parkedSummary(options.pool);
    if (problem) res.status(503).json({ status: 503, message: problem });
    else res.json({ status: 'ready', ...(parked.length > 0 && { parked_streams: parked }) });
  });
  return router;
}

async function readinessProblem(options: HealthOptions): Promise<string | null> {
  const lost = options.databaseLost?.();
  if (lost) return `The database is gone: ${lost}`;
  try {
    await options.pool.query('SELECT 1');
  } catch (error) {
    return `The database cannot be reached: ${error instanceof Error ? error.message : String(error)}`;
  }
  const failed = (options.runnerHealth?.() ?? []).filter((health) => health.failure);
  if (failed.length > 0) return failed.map((health) => health.failure).join('; ');
  const maxLagMs = options.maxLagMs ?? 30_000;
  const behind = (await readProjectionLag(options.pool, options.projections)).filter((lag) => lag.lagMs > maxLagMs);
  if (behind.length > 0) {
    return `Projections behind by more than ${maxLagMs} ms: ${behind.map((lag) => `${lag.name} (${lag.lagEvents} events, ${lag.lagMs} ms)`).join(', ')}`;
  }
  return null;
}

async function parkedSummary(pool: Pool) {
  return (await readParkedStreams(pool)).map((row) => ({
    projection: row.projection,
    stream_id: row.streamId,
    event_id: row.eventId,
    event_type: row.eventType,
    error: row.error,
    parked_at: row.parkedAt,
  }));
}
