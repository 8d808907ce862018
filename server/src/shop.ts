import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  createApiApp,
  createSessionSecurity,
  createLogger,
  createPool,
  listen,
  migrate,
  PostgresEventStore,
  systemClock,
  uuidIds,
  type EmbeddedConfig,
  type Logger,
} from '@shop/infra';
import { commandRoutes } from '@shop/command-api';
import { queryRoutes } from '@shop/query-api';
import { allProjections, ProjectionRunner, readModelMigrationDirs } from '@shop/projectors';
import { openDatabase } from './database.js';
import { seedOnFirstStart } from './seed.js';

const webDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');

export interface RunningShop {
  url: string;
  databaseUrl: string;
  logger: Logger;
  stop: () => Promise<void>;
}

/**
 * The embedded topology: one process hosts the command API, the query API, the projectors
 * and the built web app on one port, over one PostgreSQL (embedded unless DATABASE_URL).
 */
export async function startShop(config: EmbeddedConfig, logger: Logger = createLogger(config.LOG_LEVEL)): Promise<RunningShop> {
  const database = await openDatabase(config, logger);
  const stops: Array<() => Promise<void>> = [database.stop];
  try {
    await migrate(database.url, readModelMigrationDirs, (message) => logger.debug(message));
    const pool = createPool(database.url, 20);
    stops.unshift(() => pool.end());
    const eventStore = new PostgresEventStore(pool);
    const runner = new ProjectionRunner({ pool, eventStore, logger }, allProjections);
    await runner.start();
    stops.unshift(() => runner.stop());
    await seedOnFirstStart({ pool, eventStore, clock: systemClock, ids: uuidIds, logger });
    const security = await createSessionSecurity(pool);
    const deps = { pool, eventStore, clock: systemClock, ids: uuidIds, logger, runner, security };
    const app = createApiApp({
      logger,
      before: security.middleware,
      routers: [queryRoutes(deps), commandRoutes(deps)],
      webDir,
    });
    const server = await listen(app, config.PORT);
    stops.unshift(server.close);
    const url = config.PUBLIC_URL ?? `http://localhost:${server.port}`;
    return { url, databaseUrl: database.url, logger, stop: () => runAll(stops) };
  } catch (error) {
    await runAll(stops);
    throw error;
  }
}

async function runAll(stops: Array<() => Promise<void>>): Promise<void> {
  for (const stop of stops.splice(0)) await stop().catch(() => undefined);
}
