import path from 'node:path';
import { startEmbeddedPostgres, type Logger } from '@shop/infra';

export interface DatabaseHandle {
  url: string;
  embedded: boolean;
  stop: () => Promise<void>;
  /** Why the embedded PostgreSQL ended under the shop, when it does; never for DATABASE_URL (its operator's server). */
  lost: Promise<string>;
  /** Ends the embedded PostgreSQL at once (a shutdown out of time); nothing for DATABASE_URL. */
  abort: () => void;
}

/** DATABASE_URL when given, otherwise a real PostgreSQL started under DATA_DIR/postgres. */
export async function openDatabase(config: { DATABASE_URL?: string | undefined; DATA_DIR: string }, logger: Logger): Promise<DatabaseHandle> {
  if (config.DATABASE_URL) return { url: config.DATABASE_URL, embedded: false, stop: async () => undefined, lost: new Promise(() => undefined), abort: () => undefined };
  const dataDir = path.resolve(config.DATA_DIR, 'postgres');
  logger.info({ dataDir }, 'starting embedded PostgreSQL');
  const postgres = await startEmbeddedPostgres({ dataDir, onLog: (message) => logger.debug({ postgres: message.trim() }) });
  return { url: postgres.databaseUrl, embedded: true, stop: postgres.stop, lost: postgres.lost, abort: postgres.abort };
}
