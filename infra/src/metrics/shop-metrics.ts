import { Router, type RequestHandler } from 'express';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Pool } from '../postgres/pool.js';
import { EventRate } from './event-rate.js';
import { readParkedStreams } from './parked-streams.js';
import { readProjectionLag, type ProjectionLag } from './projection-lag.js';
import { readRebuildProgress, type RebuildProgressRow } from './rebuild-progress.js';
import { readProjectionVersions, type ProjectionVersion } from './projection-versions.js';

/** What a process knows about its own projection runner (none in a query-only process). */
export interface ProjectionHealth {
  name: string;
  failure: string | null;
}

export interface ShopMetricsOptions {
  pool: Pool;
  /** Projections to report on (all of the shop's, whichever process runs them). */
  projections: readonly string[];
  /** Failures of the projections this process runs. */
  runnerHealth?: () => readonly ProjectionHealth[];
  /** Other parts' metrics served on the same /metrics (the live push's). */
  registries?: readonly Registry[];
}

export interface ShopMetrics {
  registry: Registry;
  /** Times every request; mount first so it sees all of them. */
  httpLatency: RequestHandler;
  /** GET /metrics in the Prometheus text format. */
  router: Router;
  /** Feed from the projection runner's progress callback. */
  recordProjected: (projection: string, events: number) => void;
}

/**
 * Prometheus metrics (prom-client): HTTP latency per route, and per projection its checkpoint,
 * lag in events and milliseconds (read from the database at scrape time, so a query-only
 * process reports them too), events per second and whether it has failed.
 */
export function createShopMetrics(options: ShopMetricsOptions): ShopMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const rate = new EventRate();
  const eventsTotal = new Counter({ name: 'projection_events_total', help: 'Events passed by each projection in this process', labelNames: ['projection'], registers: [registry] });
  registerProjectionGauges(registry, options, rate);
  registerRebuildGauges(registry, options.pool);
  registerVersionGauges(registry, options);
  registerOutboxGauges(registry, options.pool, {
    table: 'mail_deliveries',
    statuses: ['pending', 'sending', 'sent', 'failed'],
    help: 'E-mail deliveries in the outbox by status (pending, sending, sent, failed: failed for good after every retry)',
    retriedHelp: 'E-mail deliveries that took more than one attempt (refused by the server, or interrupted by a crash)',
  });
  registerOutboxGauges(registry, options.pool, {
    table: 'payment_captures',
    statuses: ['pending', 'capturing', 'captured', 'failed'],
    help: 'Card payment captures in the outbox by status (pending, capturing, captured, failed: failed for good after every retry)',
    retriedHelp: 'Card payment captures that took more than one attempt (refused by the gateway, or interrupted by a crash)',
  });
  const httpLatency = httpLatencyMiddleware(registry);
  const router = Router();
  const served = options.registries?.length ? Registry.merge([registry, ...options.registries]) : registry;
  router.get('/metrics', async (_req, res) => {
    res.type(served.contentType).send(await served.metrics());
  });
  return {
    registry,
    httpLatency,
    router,
    recordProjected: (projection, events) => {
      rate.record(projection, events);
      eventsTotal.inc({ projection }, events);
    },
  };
}

function registerProjectionGauges(registry: Registry, options: ShopMetricsOptions, rate: EventRate): void {
  // The registry collects gauges concurrently: one shared database read per scrape feeds them all.
  const lags = sharedFor(250, () => readProjectionLag(options.pool, options.projections));
  const lagGauge = (name: string, help: string, value: (lag: ProjectionLag) => number) =>
    new Gauge({
      name,
      help,
      labelNames: ['projection'],
      registers: [registry],
      async collect() {
        for (const lag of await lags().catch(() => [])) this.set({ projection: lag.name }, value(lag));
      },
    });
  lagGauge('projection_checkpoint_position', 'Global position of the last event each projection passed', (lag) => lag.position);
  lagGauge('projection_lag_events', 'Readable events each projection has not applied yet', (lag) => lag.lagEvents);
  lagGauge('projection_lag_milliseconds', 'Age of the oldest event each projection has not applied yet', (lag) => lag.lagMs);
  new Gauge({
    name: 'projection_events_per_second',
    help: 'Events per second each projection passed over the last 10 s (in this process)',
    labelNames: ['projection'],
    registers: [registry],
    collect() {
      for (const name of options.projections) this.set({ projection: name }, rate.perSecond(name));
    },
  });
  const parked = sharedFor(250, () => readParkedStreams(options.pool));
  new Gauge({
    name: 'projection_parked_streams',
    help: 'Streams each projection skips because it rejected one of their events (decision 0111)',
    labelNames: ['projection'],
    registers: [registry],
    async collect() {
      const rows = await parked().catch(() => []);
      for (const name of options.projections) this.set({ projection: name }, rows.filter((row) => row.projection === name).length);
    },
  });
  new Gauge({
    name: 'projection_failed',
    help: '1 when a projection run by this process stopped on an event it cannot handle',
    labelNames: ['projection'],
    registers: [registry],
    collect() {
      for (const health of options.runnerHealth?.() ?? []) this.set({ projection: health.name }, health.failure ? 1 : 0);
    },
  });
}

/** The figures of `npm run replay`'s progress bar, while a rebuild runs (any process may run it). */
function registerRebuildGauges(registry: Registry, pool: Pool): void {
  const progress = sharedFor(250, () => readRebuildProgress(pool));
  const gauge = (name: string, help: string, value: (row: RebuildProgressRow) => number) =>
    new Gauge({
      name,
      help,
      labelNames: ['projection', 'phase'],
      registers: [registry],
      async collect() {
        this.reset(); // a finished rebuild's projections disappear
        for (const row of await progress()) this.set({ projection: row.projection, phase: row.phase }, value(row));
      },
    });
  gauge('rebuild_events_done', 'Events a running rebuild has read and folded', (row) => row.eventsDone);
  gauge('rebuild_events_total', 'Events a running rebuild will read', (row) => row.eventsTotal);
  gauge('rebuild_events_per_second', 'Events per second of a running rebuild', (row) => row.eventsPerSecond);
  gauge('rebuild_eta_seconds', 'Seconds a running rebuild expects to need for the rest of the log', (row) => row.etaSeconds);
}

/**
 * The version each projection runs, and its upgrade (decision 0215): the progress of a running one
 * is in the rebuild_* gauges above, under the same projection label.
 */
function registerVersionGauges(registry: Registry, options: ShopMetricsOptions): void {
  const versions = sharedFor(250, () => readProjectionVersions(options.pool, options.projections));
  const gauge = (name: string, help: string, value: (row: ProjectionVersion) => number | null) =>
    new Gauge({
      name,
      help,
      labelNames: ['projection'],
      registers: [registry],
      async collect() {
        this.reset();
        for (const row of await versions().catch(() => [])) {
          const figure = value(row);
          if (figure !== null) this.set({ projection: row.name }, figure);
        }
      },
    });
  gauge('projection_version', 'Version of the fold that built each projection\'s live tables', (row) => row.version);
  gauge('projection_upgrade_target_version', 'Version a running or failed upgrade rebuilds each projection to', (row) => row.upgrade?.toVersion ?? null);
  gauge('projection_upgrade_running', '1 while a projection is being rebuilt at a new version in the background', (row) => (row.upgrade?.state === 'running' ? 1 : 0));
  gauge('projection_upgrade_failed', '1 when the last upgrade of a projection failed (its old version serves on)', (row) => (row.upgrade?.state === 'failed' ? 1 : 0));
}

/** An outbox of work done at least once, by status: the mail's (decision 0327) and the payment captures' (decision 0380). */
interface OutboxGauges {
  table: string;
  statuses: readonly string[];
  help: string;
  retriedHelp: string;
}

/** An outbox, read at scrape time like the lag (any process reports it): rows per status, and how many took more than one attempt. */
function registerOutboxGauges(registry: Registry, pool: Pool, outbox: OutboxGauges): void {
  const figures = sharedFor(250, async () => {
    const { rows } = await pool.query<{ status: string; rows: string; retried: string }>(
      `SELECT status, count(*) AS rows, count(*) FILTER (WHERE attempts > 1) AS retried FROM ${outbox.table} GROUP BY status`,
    );
    const byStatus = Object.fromEntries(outbox.statuses.map((status) => [status, 0]));
    for (const row of rows) byStatus[row.status] = Number(row.rows);
    return { byStatus, retried: rows.reduce((sum, row) => sum + Number(row.retried), 0) };
  });
  new Gauge({
    name: outbox.table,
    help: outbox.help,
    labelNames: ['status'],
    registers: [registry],
    async collect() {
      const read = await figures().catch(() => null);
      if (read) for (const [status, count] of Object.entries(read.byStatus)) this.set({ status }, count);
    },
  });
  new Gauge({
    name: `${outbox.table}_retried`,
    help: outbox.retriedHelp,
    registers: [registry],
    async collect() {
      const read = await figures().catch(() => null);
      if (read) this.set(read.retried);
    },
  });
}

/** Calls `load` at most once per `ms`, sharing the answer between concurrent callers. */
function sharedFor<T>(ms: number, load: () => Promise<T>): () => Promise<T> {
  let cached: { at: number; value: Promise<T> } | null = null;
  return () => {
    if (!cached || Date.now() - cached.at > ms) cached = { at: Date.now(), value: load() };
    return cached.value;
  };
}

function httpLatencyMiddleware(registry: Registry): RequestHandler {
  const histogram = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request latency by method, route and status',
    labelNames: ['method', 'route', 'status'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  const httpLatency: RequestHandler = (req, res, next) => {
    const end = histogram.startTimer();
    res.on('finish', () => {
      // The route pattern, not the URL, keeps the label set small (ids would explode it).
      const route = req.route ? `${req.baseUrl}${String(req.route.path)}` : 'unmatched';
      end({ method: req.method, route, status: String(res.statusCode) });
    });
    next();
  };
  return httpLatency;
}
