import { afterAll, beforeAll, inject } from 'vitest';
import { createTestDatabase, type TestDatabase } from '@shop/infra/testing';
import { readModelMigrationDirs } from '@shop/projectors';
import { loadEvents } from './event-history.js';

/**
 * A migrated database whose log holds `events` project events (loadEvents), made before the
 * calling test file's tests and dropped after them. Call at the top of the file; the answer is
 * the database, once the tests run.
 */
export function databaseWithLoggedEvents(events: number): () => TestDatabase {
  let db: TestDatabase | undefined;
  beforeAll(async () => {
    db = await createTestDatabase(inject('adminDatabaseUrl'), readModelMigrationDirs);
    await loadEvents(db.pool, events);
  }, 300_000);
  afterAll(async () => {
    await db?.drop();
  });
  return () => {
    if (!db) throw new Error('the logged database is made in beforeAll; use it inside a test');
    return db;
  };
}
