import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../testing/index.js';
import { inTransaction, inTransactionFrom, sqlLiteral } from './pool.js';

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

  it('sends a first statement in BEGIN\'s round trip and hands its rows to the work, in the same transaction', async () => {
    const odd = `it's a \\ "stream" \u00e9`;
    const { first, inside } = await inTransactionFrom<{ value: string; xid: string }, { first: string[]; inside: string }>(
      db.pool,
      `SELECT value, pg_current_xact_id()::text AS xid FROM jsonb_array_elements_text(${sqlLiteral(JSON.stringify([odd, 'plain']))}::jsonb) AS value`,
      async (client, rows) => ({
        first: rows.map((row) => `${row.value}@${row.xid === rows[0]!.xid}`),
        inside: (await client.query<{ xid: string }>('SELECT pg_current_xact_id()::text AS xid')).rows[0]!.xid === rows[0]!.xid ? 'same' : 'other',
      }),
      { appendsEvents: false },
    );
    expect(first).toEqual([`${odd}@true`, 'plain@true']);
    expect(inside).toBe('same');
  });
});
