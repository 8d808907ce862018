import path from 'node:path';
import {
  commonConfigSchema,
  createPool,
  loadConfig,
  keyEncryptionKeyFile,
  migrate,
  startEmbeddedPostgres,
  type EventStore,
  type Pool,
} from '@shop/infra';
import {
  bindKeyEncryptionKeys,
  openEventStore,
  openKeyEncryptionKeys,
  refuseEventStoreDb,
} from '@shop/personal-data';
import { readModelMigrationDirs } from '../read-models/all.js';

export interface CliDatabase {
  pool: Pool;
  eventStore: EventStore;
  close: () => Promise<void>;
}

/**
 * The shop's database for an analyst's command: DATABASE_URL when set (the live shop keeps
 * running), otherwise the embedded one under DATA_DIR, which only one process can open at a
 * time, so stop `npm start` first or point DATABASE_URL at its PostgreSQL.
 */
export async function openCliDatabase(env: NodeJS.ProcessEnv = process.env, readsPostgresLog: string | null = null): Promise<CliDatabase> {
  const config = loadConfig(commonConfigSchema, env);
  if (readsPostgresLog) refuseEventStoreDb(config, readsPostgresLog);
  const embedded = config.DATABASE_URL ? null : await startEmbeddedPostgres({ dataDir: path.resolve(config.DATA_DIR, 'postgres') });
  const url = config.DATABASE_URL ?? embedded!.databaseUrl;
  await migrate(url, readModelMigrationDirs);
  const pool = createPool(url, 6);
  const keks = await openKeyEncryptionKeys(config);
  await bindKeyEncryptionKeys(pool, keks, keyEncryptionKeyFile(config));
  return {
    pool,
    // EventStoreDB when EVENTSTORE_URL is set: a report reads the log through the store's interface.
    eventStore: openEventStore(config, pool, keks),
    close: async () => {
      await pool.end();
      await embedded?.stop();
    },
  };
}
