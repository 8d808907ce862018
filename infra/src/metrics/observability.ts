import { Router } from 'express';
import type { Registry } from 'prom-client';
import type { Pool } from '../postgres/pool.js';
import { healthRouter } from './health.js';
import { createShopMetrics, type ProjectionHealth } from './shop-metrics.js';

export interface Observability {
  /** Mount before everything: times every request, serves /metrics, /healthz and /readyz. */
  router: Router;
  /** Feed from the projection runner's progress callback. */
  recordProjected: (projection: string, events: number) => void;
}

export function createObservability(options: {
  pool: Pool;
  projections: readonly string[];
  runnerHealth?: () => readonly ProjectionHealth[];
  maxLagMs?: number;
  registries?: readonly Registry[];
  databaseLost?: () => string | null;
}): Observability {
  const metrics = createShopMetrics(options);
  return { router: Router().use(metrics.httpLatency, metrics.router, healthRouter(options)), recordProjected: metrics.recordProjected };
}
