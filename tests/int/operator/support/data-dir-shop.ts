import { createLogger, createPool, embeddedConfigSchema, loadConfig, type Pool } from '@shop/infra';
import { startShop, type RunningShop } from '@shop/server';
import { staffEnv } from '../../commands/helpers.js';
import { runNpmScript, type CommandRun } from '../../../support/run-command.js';
import type { TestShop } from '../../../support/shop.js';

/**
 * The embedded shop in this process on a DATA_DIR of its own (its own embedded PostgreSQL and key
 * file), started and stopped as an operator does around a backup or a restore; one at a time.
 */
export function dataDirShop() {
  let running: RunningShop | null = null;
  let pool: Pool | null = null;
  return {
    /** The running shop's pool (three connections), for the test's own queries. */
    get pool(): Pool | null {
      return pool;
    },
    start: async (dataDir: string, env: Record<string, string> = {}): Promise<TestShop> => {
      const config = loadConfig(embeddedConfigSchema, { PORT: '0', DATA_DIR: dataDir, PERSONAL_DATA_PURGE_MINUTES: '600', ...staffEnv, ...env });
      running = await startShop(config, createLogger('silent'));
      pool = createPool(running.databaseUrl, 3);
      return { ...running, url: running.url!, db: { pool, url: running.databaseUrl, drop: async () => undefined } } as unknown as TestShop;
    },
    stop: async (): Promise<void> => {
      await pool?.end();
      pool = null;
      await running?.stop();
      running = null;
    },
  };
}

/** `npm run -s <script> -- <args>` on DATA_DIR, with the shop's own key file (not the int tests' shared one). */
export function npmOnDataDir(script: string, args: string[], dataDir: string): Promise<CommandRun> {
  const { PERSONAL_DATA_KEK_FILE: _testKeys, DATABASE_URL: _url, ...inherited } = process.env;
  return runNpmScript(script, args, { ...inherited, DATA_DIR: dataDir, LOG_LEVEL: 'warn' });
}
