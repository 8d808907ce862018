import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '@shop/infra/testing';
import { checkpointsReached, readLogHead, inTransaction, type PoolClient } from '@shop/infra';
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

describe('the head of the log', () => {
  it('is the last event in reading order, which a caught-up checkpoint reaches though a higher position was read before it', async () => {
    const early = await db.pool.connect();
    const late = await db.pool.connect();
    const append = (client: PoolClient, stream: string) =>
      client.query<{ revision: string }>(
        `SELECT shop_append_events($1, 'any', ARRAY[$2::uuid], ARRAY['Noted'], ARRAY[1], ARRAY['{}'::jsonb], ARRAY['{}'::jsonb])`,
        [stream, randomUUID()],
      );
    try {
      // `early` takes its xid first, `late` its position first: reading order and position order cross.
      await early.query('BEGIN');
      await early.query(`SELECT pg_current_xact_id()`);
      await late.query('BEGIN');
      await append(late, `crossed-late-${randomUUID()}`);
      await append(early, `crossed-early-${randomUUID()}`);
      await late.query('COMMIT');
      await early.query('COMMIT');
    } finally {
      early.release();
      late.release();
    }
    const store = new PostgresEventStore(db.pool);
    const all = await store.readAll({ limit: 10_000 });
    const last = all[all.length - 1]!;
    const highest = Math.max(...all.map((stored) => stored.globalPosition));
    expect(last.globalPosition).toBeLessThan(highest);
    expect(await readLogHead(db.pool)).toEqual({ transactionId: String(last.checkpoint.transactionId), position: last.globalPosition });

    const name = `reader-${randomUUID()}`;
    await db.pool.query('INSERT INTO projection_checkpoints (name, transaction_id, global_position) VALUES ($1, $2, $3)', [name, last.checkpoint.transactionId, last.globalPosition]);
    try {
      expect(await checkpointsReached(db.pool, await readLogHead(db.pool))).toBe(true);
      await db.pool.query('UPDATE projection_checkpoints SET global_position = global_position - 1 WHERE name = $1', [name]);
      expect(await checkpointsReached(db.pool, await readLogHead(db.pool))).toBe(false);
    } finally {
      await db.pool.query('DELETE FROM projection_checkpoints WHERE name = $1', [name]);
    }
  });
});
