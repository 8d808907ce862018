import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  createApiApp,
  createOpenApiRegistry,
  createSessionSecurity,
  createObservability,
  hotReads,
  notificationsServiceOf,
  securityOptionsOf,
  createLogger,
  createMailTransport,
  createPool,
  listen,
  bindKeyEncryptionKeys,
  keyEncryptionKeyFile,
  LogSigningKey,
  logSigningKeyFile,
  migrate,
  openEventStore,
  openKeyEncryptionKeys,
  personalDataKeysOf,
  systemClock,
  useSealedOpeningThreads,
  uuidIds,
  type EmbeddedConfig,
  type Logger,
  type Pool,
} from '@shop/infra';
import { commandRoutes } from '@shop/command-api';
import { hotReadRoutes, LiveHub, queryRoutes, type AppliedBatch } from '@shop/query-api';
import { allProjections, loadCatalogue, ProjectionRunner, readModelMigrationDirs, startMailReactor } from '@shop/projectors';
import { openDatabase } from './database.js';
import { startKafkaProjectors } from './kafka-projectors.js';
import { startPurgeSchedule } from './purge-schedule.js';
import { startSealSchedule } from './seal-schedule.js';
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
  const database = await openDatabase(config, logger);
  const stops: Array<() => Promise<void>> = [database.stop];
  try {
    await migrate(database.url, readModelMigrationDirs, (message) => logger.debug(message));
    const pool = createPool(database.url, 20);
    stops.unshift(() => pool.end());
    // Data keys are wrapped under key-encryption keys kept outside the database (docs/decisions/0162).
    const keks = await openKeyEncryptionKeys(config);
    await bindKeyEncryptionKeys(pool, keks, keyEncryptionKeyFile(config));
    // Before anything reads the log: the operator may open sealed pages without worker threads (decision 0266).
    useSealedOpeningThreads(config);
    const eventStore = openEventStore(config, pool, keks);
    stops.unshift(() => eventStore.close());
    const dataKeys = personalDataKeysOf(eventStore)!;
    await dataKeys.listen();
    stops.unshift(() => dataKeys.unlisten());
    const base = { pool, eventStore, clock: systemClock, ids: uuidIds, logger };

    let runner: ProjectionRunner | null = null;
    if (roles.includes('projectors') && config.KAFKA_BROKERS) {
      stops.unshift(await startKafkaProjectors(config, { pool, eventStore, logger }));
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
    // The event log's seals, signed with a key beside the key-encryption keys (decision 0347); not for EventStoreDB.
    if (roles.includes('command') && !config.EVENTSTORE_URL) {
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
      const deps = { ...base, runner, security, projections, readYourWrites, live, notificationsService: notificationsServiceOf(config) };
      // One OpenAPI document of every endpoint: the reads are documented even in a command-only
      // process, since that is the one that serves /api/openapi.json (scaled-routing.ts).
      const registry = createOpenApiRegistry();
      const reads = queryRoutes({ ...deps, registry });
      const routers = [
        ...(roles.includes('query') ? [reads] : []),
        ...(roles.includes('command') ? [commandRoutes({ ...deps, registry, dataDir: config.DATA_DIR })] : []),
      ];
      const observe = observability(pool, runner, live);
      const app = createApiApp({
        logger,
        before: security.middleware,
        routers,
        extra: [observe.router],
        webDir: roles.length === 3 ? web : undefined,
        trustProxy: config.TRUST_PROXY,
        security: securityOptionsOf(config),
      });
      // The customer's hot reads on plain node:http in front of Express, the same handlers (decision 0253).
      const front =
        roles.includes('query') && config.HOT_READS === 'on'
          ? hotReads({ routes: hotReadRoutes(deps), logger, security: securityOptionsOf(config), readCaller: security.readCaller, cachedCaller: security.cachedReadCaller, timeRequest: observe.timeRequest })
          : null;
      const server = await listen(front ? (req, res) => front(req, res, () => app(req, res)) : app, config.PORT);
      // Open live streams end first, or closing the server would wait for them.
      stops.unshift(async () => {
        await live?.stop();
        await server.close();
      });
      url = config.PUBLIC_URL ?? `http://localhost:${server.port}`;
    }
    if (roles.includes('projectors')) {
      // E-mail reactor: links point at this shop's URL (known only once it listens).
      const publicUrl = url ?? config.PUBLIC_URL ?? `http://localhost:${config.PORT}`;
      stops.unshift(await startMailReactor({ ...base, transport: createMailTransport(config), publicUrl }));
    }
    return { url, databaseUrl: database.url, logger, stop: () => runAll(stops) };
  } catch (error) {
    await runAll(stops);
    throw error;
  }
}

/** /metrics, /healthz and /readyz, and the HTTP latency of every request. */
function observability(pool: Pool, runner: ProjectionRunner | null, live: LiveHub | null) {
  const runnerHealth = runner ? () => runner.allStatuses() : undefined;
  const registries = live ? [live.metrics.registry] : [];
  const observe = createObservability({ pool, projections: allProjections.map((projection) => projection.name), runnerHealth, registries });
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
