import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres } from '@shop/infra';

/**
 * One real PostgreSQL for the whole integration run: the one in DATABASE_URL when given,
 * otherwise an embedded one in a temporary folder. Each test file makes its own database.
 */
export default async function setup(project: TestProject) {
  if (process.env.DATABASE_URL) {
    project.provide('adminDatabaseUrl', process.env.DATABASE_URL);
    return;
  }
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'shop-test-pg-'));
  const postgres = await startEmbeddedPostgres({ dataDir, ephemeral: true, database: 'postgres' });
  project.provide('adminDatabaseUrl', postgres.databaseUrl);
  return async () => {
    await postgres.stop();
  };
}
