import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createObservability, notificationsServiceOf, createLogger, createMailTransport, createPool, keyEncryptionKeyFile, migrate, SandboxPaymentGateway, systemClock, uuidIds, shopIdentityOf, type EmbeddedConfig, type Logger, type MetricsRegistry, type Pool } from '@shop/infra';
import { LogSigningKey, logSigningKeyFile } from '@shop/event-store';
import { bindKeyEncryptionKeys, openEventStore, refuseEventStoreDb, openKeyEncryptionKeys, personalDataKeysOf } from '@shop/personal-data';
import { createApiApp, createOpenApiRegistry, createSessionSecurity, securityOptionsOf, listen } from '@shop/http-shell';
import { commandRoutes } from '@shop/command-api';
import { LiveHub, queryRoutes, type AppliedBatch } from '@shop/query-api';
import { allProjections, loadCatalogue, ProjectionRunner, readModelMigrationDirs, refuseNewerProjectionVersions, startMailReactor, startPaymentReactor } from '@shop/projectors';
import { openDatabase } from './database.js';
import { kafkaHealthOf, startKafkaProjectors } from './kafka-projectors.js';
import { startPurgeSchedule, startSealSchedule } from './schedules.js';
import { seedOnFirstStart } from './seed.js';

const webDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');

/** What a process hosts: the embedded shop hosts all three; a scaled process one of them. */
export type Role = 'command' | 'query' | 'projectors';
export const allRoles: readonly Role[] = ['command', 'query', 'projectors'];

export interface RunningShop {
  /** Base URL of the HTTP server, or null for a projectors-only process. */
  url: string | null;
  databaseUrl: string;
  logger: Logger;
  stop: () => Promise<void>;
  /**
   * Resolves with why when the embedded PostgreSQL ended under the shop: /readyz answers 503 with
   * it from then on, and the entry point stops the shop and exits non-zero (docs/decisions/0302).
   */
  databaseLost: Promise<string>;
  /** Ends the embedded PostgreSQL at once: for a shutdown out of time. */
  abort: () => void;
}

/**
 * Starts the given roles over one PostgreSQL (embedded unless DATABASE_URL). With every role
 * this is the embedded topology: command API, query API, projectors and the built web app
 * on one port. Stops run in reverse order of starts.
 */
export async function startShop(
  config: EmbeddedConfig,
  logger: Logger = createLogger(config.LOG_LEVEL),
  roles: readonly Role[] = allRoles,
  /** The built web app to serve; tests point it at a directory of their own. */
  web: string = webDir,
): Promise<RunningShop> {
  // Every role shows the projections' lag (/metrics, health), counted in the PostgreSQL log; the
  // projectors also rebuild from it and the purge waits on it.
  refuseEventStoreDb(config, 'the shop (projection lag, catch-up replays and upgrades, the personal-data purge)');
  const database = await openDatabase(config, logger);
  const stops: Array<() => Promise<void>> = [database.stop];
  let lostReason: string | null = null;
  const databaseLost = database.lost.then((reason) => {
    lostReason = reason;
    // In the message: a `reason` field is redacted as personal data would be.
    logger.error(`the embedded PostgreSQL stopped under the shop: not ready, stopping. ${reason}`);
    return reason;
  });
  try {
    await migrate(database.url, readModelMigrationDirs, (message) => logger.debug(message));
    const pool = createPool(database.url, 20, { waitMs: config.DATABASE_POOL_WAIT_MS });
    stops.unshift(() => pool.end());
    // Data keys are wrapped under key-encryption keys kept outside the database (docs/decisions/0162).
    const keks = await openKeyEncryptionKeys(config);
    await bindKeyEncryptionKeys(pool, keks, keyEncryptionKeyFile(config));
    const eventStore = openEventStore(config, pool, keks);
    stops.unshift(() => eventStore.close());
    const dataKeys = personalDataKeysOf(eventStore)!;
    await dataKeys.listen();
    stops.unshift(() => dataKeys.unlisten());
    const base = { pool, eventStore, clock: systemClock, ids: uuidIds, logger };
    // The card processor (its sandbox keeps its books in this database): the checkout authorises, the payment reactor captures (decision 0380).
    const payments = new SandboxPaymentGateway(pool);
    // A projector or query process older than the read models' versions must not fold into or read them (decision 0359).
    if (roles.includes('projectors') || roles.includes('query')) await refuseNewerProjectionVersions(pool, allProjections);

    let runner: ProjectionRunner | null = null;
    const topologyMetrics: MetricsRegistry[] = [];
    if (roles.includes('projectors') && config.KAFKA_BROKERS) {
      const kafka = await startKafkaProjectors(config, { pool, eventStore, logger });
      stops.unshift(kafka.stop);
      topologyMetrics.push(kafka.metrics);
    } else if (roles.includes('projectors')) {
      // The batches' transactions on connections of their own (decision 0289): under load every request
      // holds one of the shared pool's, and a batch queued behind them is what a read after a write waits for.
      const projectorPool = createPool(database.url, 2);
      stops.unshift(() => projectorPool.end());
      // Batches commit without waiting for the WAL flush; a server restart sends the runner back to its stored checkpoints (decision 0294).
      runner = new ProjectionRunner({ pool, batchPool: projectorPool, eventStore, logger, unflushedBatches: true }, allProjections);
      await runner.start();
      const started = runner;
      stops.unshift(() => started.stop());
    }
    // After the projectors' stop in the list, so the purge at shutdown still sees them catch up; before the server's.
    if (roles.includes('command')) stops.unshift(startPurgeSchedule(pool, keks, config.PERSONAL_DATA_PURGE_MINUTES, logger));
    // The event log's seals, signed with a key beside the key-encryption keys (decision 0347).
    if (roles.includes('command')) {
      stops.unshift(startSealSchedule(pool, await LogSigningKey.open(logSigningKeyFile(config)), config.LOG_SEAL_MINUTES, logger));
    }
    if (roles.includes('command')) await seedOnFirstStart({ ...base, staff: config, demoAccounts: !config.DATABASE_URL });
    if (roles.includes('query')) await loadCatalogue(pool);

    let url: string | null = null;
    if (roles.includes('command') || roles.includes('query')) {
      const security = await createSessionSecurity(pool, {
        secureCookies: config.PUBLIC_URL?.startsWith('https:') ?? false,
        cacheSessions: roles.length === allRoles.length,
      });
      stops.unshift(security.close);
      const projections = allProjections.map((projection) => projection.name);
      const live = roles.includes('query') ? new LiveHub(pool, logger, { maxStreams: config.LIVE_MAX_STREAMS }) : null;
      await live?.start();
      if (live) stops.unshift(() => live.stop());
      const readYourWrites = { sessionWaitMs: config.READ_YOUR_WRITES_WAIT_MS, onApplied: runner ? appliedBatches(runner) : undefined, onLost: runner ? lostBatches(runner) : undefined };
      const kafkaHealth = roles.includes('query') ? kafkaHealthOf(config, pool, logger) : null;
      const deps = { ...base, runner, security, projections, readYourWrites, live, kafkaHealth, notificationsService: notificationsServiceOf(config), shop: shopIdentityOf(config), publicUrl: config.PUBLIC_URL };
      // One OpenAPI document of every endpoint: the reads are documented even in a command-only
      // process, since that is the one that serves /api/openapi.json (scaled-routing.ts).
      const registry = createOpenApiRegistry();
      const reads = queryRoutes({ ...deps, registry });
      const routers = [
        ...(roles.includes('query') ? [reads] : []),
        ...(roles.includes('command') ? [commandRoutes({ ...deps, registry, dataDir: config.DATA_DIR, payments })] : []),
      ];
      const observe = observability(pool, runner, live, topologyMetrics, () => lostReason);
      const app = createApiApp({
        logger,
        before: security.middleware,
        routers,
        extra: [observe.router],
        webDir: roles.length === 3 ? web : undefined,
        trustProxy: config.TRUST_PROXY,
        security: securityOptionsOf(config),
      });
      const server = await listen(app, config.PORT);
      // Open live streams end first, or closing the server would wait for them.
      stops.unshift(async () => {
        await live?.stop();
        await server.close();
      });
      url = config.PUBLIC_URL ?? `http://localhost:${server.port}`;
    } else {
      // A projectors process answers /healthz, /readyz and /metrics too, on PORT: the scaled front's
      // /readyz asks every process behind it (decision 0307). No URL: it serves no shop.
      const app = createApiApp({ logger, routers: [], extra: [observability(pool, runner, null, topologyMetrics, () => lostReason).router], trustProxy: config.TRUST_PROXY, security: securityOptionsOf(config) });
      const server = await listen(app, config.PORT);
      stops.unshift(() => server.close());
    }
    if (roles.includes('projectors')) {
      // E-mail reactor: links point at this shop's URL (known only once it listens).
      const publicUrl = url ?? config.PUBLIC_URL ?? `http://localhost:${config.PORT}`;
      stops.unshift(await startMailReactor({ ...base, transport: createMailTransport(config), publicUrl, shop: shopIdentityOf(config) }));
      // Card captures: filed from each authorisation's event, retried, and reconciled at start and on a timer (decision 0380).
      stops.unshift(await startPaymentReactor({ ...base, gateway: payments }));
    }
    return { url, databaseUrl: database.url, logger, stop: () => runAll(stops), databaseLost, abort: database.abort };
  } catch (error) {
    await runAll(stops);
    throw error;
  }
}

/** /metrics, /healthz and /readyz, and the HTTP latency of every request. */
function observability(
  pool: Pool,
  runner: ProjectionRunner | null,
  live: LiveHub | null,
  topologyMetrics: MetricsRegistry[],
  databaseLost: () => string | null,
) {
  const runnerHealth = runner ? () => runner.allStatuses() : undefined;
  const registries = [...(live ? [live.metrics.registry] : []), ...topologyMetrics];
  const observe = createObservability({ pool, projections: allProjections.map((projection) => projection.name), runnerHealth, registries, databaseLost });
  runner?.onProgress((status, batch) => observe.recordProjected(status.name, batch.length));
  return observe;
}

/** What each batch the runner committed applied, per projection (read-your-writes, decision 0289). */
function appliedBatches(runner: ProjectionRunner) {
  return (listener: (batch: AppliedBatch) => void) => {
    runner.onProgress((status, _batch, revisions) => listener({ projection: status.name, revisions }));
  };
}

/** When the runner found the server restarted, and the batches it reported may be lost (decision 0294). */
function lostBatches(runner: ProjectionRunner) {
  return (listener: () => void) => {
    runner.onServerRestart(listener);
  };
}

async function runAll(stops: Array<() => Promise<void>>): Promise<void> {
  for (const stop of stops.splice(0)) await stop().catch(() => undefined);
}
