import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../testing/index.js';
import { inTransaction, type PoolClient } from '../postgres/pool.js';
import { PostgresEventStore } from './postgres-event-store.js';

/**
 * The reading rule (decision 0231): a reader waits only for transactions that might append to this
 * database's log. Transactions of another database and those marked shop_not_appending() do not
 * hold it back; any other open transaction with an xid still does, and a marked one cannot append.
 */
let db: TestDatabase;
let other: TestDatabase;
beforeAll(async () => {
  [db, other] = await Promise.all([createTestDatabase(inject('adminDatabaseUrl')), createTestDatabase(inject('adminDatabaseUrl'))]);
});
afterAll(async () => {
  await Promise.all([db?.drop(), other?.drop()]);
});

const event = () => ({ id: randomUUID(), type: 'Noted', data: { n: 1 }, metadata: { actor: 't', correlationId: randomUUID(), causationId: null, occurredAt: '2026-01-01T00:00:00.000Z' } });

/** Holds a transaction open on `client` with an xid (it wrote a row) until `release` is called. */
async function openWriter(client: PoolClient, mark: boolean): Promise<() => Promise<void>> {
  await client.query(mark ? 'BEGIN; SELECT shop_not_appending()' : 'BEGIN');
  await client.query(`INSERT INTO projection_checkpoints (name, transaction_id, global_position) VALUES ($1, 0, 0)`, [`held-${randomUUID()}`]);
  return async () => {
    await client.query('ROLLBACK');
    client.release();
  };
}

async function readableIds(store: PostgresEventStore): Promise<string[]> {
  return (await store.readAll({ limit: 10_000 })).map((stored) => stored.id);
}

describe('the reading horizon', () => {
  it('is not held back by an open transaction in another database of the cluster', async () => {
    const store = new PostgresEventStore(db.pool);
    const release = await openWriter(await other.pool.connect(), false);
    try {
      const appended = event();
      await store.appendToStream(`elsewhere-${randomUUID()}`, [appended]);
      expect(await readableIds(store)).toContain(appended.id);
    } finally {
      await release();
    }
  });

  it('is not held back by a transaction of this database marked as not appending', async () => {
    const store = new PostgresEventStore(db.pool);
    const release = await openWriter(await db.pool.connect(), true);
    try {
      const appended = event();
      await store.appendToStream(`marked-${randomUUID()}`, [appended]);
      expect(await readableIds(store)).toContain(appended.id);
    } finally {
      await release();
    }
  });

  it('is held back by an unmarked open transaction of this database until it ends', async () => {
    const store = new PostgresEventStore(db.pool);
    const release = await openWriter(await db.pool.connect(), false);
    const appended = event();
    try {
      await store.appendToStream(`unmarked-${randomUUID()}`, [appended]);
      expect(await readableIds(store)).not.toContain(appended.id);
    } finally {
      await release();
    }
    expect(await readableIds(store)).toContain(appended.id);
  });

  it('is held back by an append still in flight, even while marked transactions come and go', async () => {
    const store = new PostgresEventStore(db.pool);
    const appender = await db.pool.connect();
    const early = event();
    await appender.query('BEGIN');
    await appender.query(
      `SELECT shop_append_events($1, 'any', ARRAY[$2::uuid], ARRAY['Noted'], ARRAY[1], ARRAY['{}'::jsonb], ARRAY[$3::jsonb])`,
      [`slow-${randomUUID()}`, early.id, JSON.stringify(early.metadata)],
    );
    const late = event();
    try {
      await store.appendToStream(`fast-${randomUUID()}`, [late]);
      await inTransaction(db.pool, (client) => client.query(`UPDATE projection_checkpoints SET updated_at = now() WHERE false`), { appendsEvents: false });
      expect(await readableIds(store)).not.toContain(late.id);
    } finally {
      await appender.query('COMMIT');
      appender.release();
    }
    const ids = await readableIds(store);
    expect(ids.indexOf(early.id)).toBeGreaterThanOrEqual(0);
    expect(ids.indexOf(late.id)).toBeGreaterThan(ids.indexOf(early.id));
  });

  it('refuses an append from a transaction marked as not appending, and a mark after a write', async () => {
    const store = new PostgresEventStore(db.pool);
    const stream = `refused-${randomUUID()}`;
    await expect(
      inTransaction(db.pool, (client) => client.query(
        `SELECT shop_append_events($1, 'any', ARRAY[$2::uuid], ARRAY['Noted'], ARRAY[1], ARRAY['{}'::jsonb], ARRAY['{}'::jsonb])`,
        [stream, randomUUID()],
      ), { appendsEvents: false }),
    ).rejects.toThrow(/may not append events/);
    expect(await store.readStream(stream)).toEqual([]);

    await expect(
      inTransaction(db.pool, async (client) => {
        await client.query(`INSERT INTO projection_checkpoints (name, transaction_id, global_position) VALUES ($1, 0, 0)`, [`late-mark-${randomUUID()}`]);
        await client.query('SELECT shop_not_appending()');
      }),
    ).rejects.toThrow(/before the transaction writes anything/);
  });
});
