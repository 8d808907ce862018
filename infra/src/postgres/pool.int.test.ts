import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../testing/index.js';
import { inTransaction } from './pool.js';

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase(inject('adminDatabaseUrl'));
});
afterAll(async () => {
  await db?.drop();
});

const setting = (name: string) => async (client: { query: (text: string) => Promise<{ rows: Array<Record<string, string>> }> }) =>
  (await client.query(`SELECT current_setting('${name}') AS value`)).rows[0]!.value;

describe('inTransaction', () => {
  it('commits without waiting for the flush only when told, in that transaction alone', async () => {
    expect(await inTransaction(db.pool, setting('synchronous_commit'), { appendsEvents: false, waitForFlush: false })).toBe('off');
    expect(await inTransaction(db.pool, setting('shop.not_appending'), { appendsEvents: false, waitForFlush: false })).toBe('on');
    expect(await inTransaction(db.pool, setting('synchronous_commit'), { appendsEvents: false })).toBe('on');
    expect(await inTransaction(db.pool, setting('synchronous_commit'))).toBe('on');
  });
});
