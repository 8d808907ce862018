import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { createPool, type Pool } from '../postgres/pool.js';
import { migrate } from '../postgres/migrate.js';

export interface TestDatabase {
  url: string;
  pool: Pool;
  drop: () => Promise<void>;
}

/** A fresh, migrated database on the test server, dropped afterwards. */
export async function createTestDatabase(adminUrl: string, migrationDirs: string[] = []): Promise<TestDatabase> {
  const name = `test_${randomBytes(6).toString('hex')}`;
  await adminQuery(adminUrl, `CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  await migrate(url.toString(), migrationDirs);
  const pool = createPool(url.toString(), 40);
  return {
    url: url.toString(),
    pool,
    drop: async () => {
      await pool.end();
      await adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

async function adminQuery(adminUrl: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}
