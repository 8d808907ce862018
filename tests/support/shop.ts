import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import { createTestDatabase, type TestDatabase } from '@shop/infra/testing';
import { createLogger, embeddedConfigSchema, loadConfig } from '@shop/infra';
import { openKeyEncryptionKeys } from '@shop/personal-data';
import { readModelMigrationDirs } from '@shop/projectors';
import { startShop, type RunningShop } from '@shop/server';

export interface TestShop extends RunningShop {
  url: string;
  db: TestDatabase;
}

/**
 * The whole embedded shop on a fresh database of the test PostgreSQL, on a free port. `before`
 * writes into the (migrated) database before the shop starts, as a shop finds a history it has
 * not read yet after `npm run demo-data` or a restore.
 */
export async function startTestShop(env: Record<string, string> = {}, webDir?: string, before?: (db: TestDatabase) => Promise<void>): Promise<TestShop> {
  const db = await createTestDatabase(inject('adminDatabaseUrl'), before ? readModelMigrationDirs : undefined);
  // Key-encryption keys of this shop's own: a purge in one test's shop must not rotate another's.
  const keys = path.join(await mkdtemp(path.join(os.tmpdir(), 'shop-test-keys-')), 'personal-data-kek.json');
  if (before) {
    // What `before` seals is wrapped under the keys the shop will open (as demo-data and the shop share DATA_DIR/keys).
    await openKeyEncryptionKeys({ DATA_DIR: os.tmpdir(), PERSONAL_DATA_KEK_FILE: keys });
    await before(db);
  }
  const config = loadConfig(embeddedConfigSchema, { PORT: '0', DATABASE_URL: db.url, LOG_LEVEL: 'warn', PERSONAL_DATA_KEK_FILE: keys, ...env });
  const shop = await startShop(config, createLogger(process.env.TEST_LOG_LEVEL ?? 'silent'), undefined, webDir);
  if (!shop.url) throw new Error('the embedded shop always serves HTTP');
  return {
    ...shop,
    url: shop.url,
    db,
    stop: async () => {
      await shop.stop();
      await db.drop();
    },
  };
}
