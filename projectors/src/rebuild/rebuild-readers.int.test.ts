import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { PoolClient } from '@shop/infra';
import { PostgresEventStore } from '@shop/event-store';
import { createTestDatabase, type TestDatabase } from '@shop/infra/testing';
import { readModelMigrationDirs } from '../read-models/all.js';
import type { Projection } from '../runner/projection.js';
import { rebuildInOnePass } from './one-pass.js';

/**
 * A one-pass rebuild's own statements (its COPYs, its index builds) never append: they say so
 * (decision 0231), so a reader of the log is not held back while one of them runs. Each is held
 * here mid-statement, after it has written (so it has an xid), by an advisory lock the test owns.
 */
let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase(inject('adminDatabaseUrl'), readModelMigrationDirs);
  await db.pool.query(`
    CREATE SEQUENCE held_rows_calls;
    -- A row's default: the first row of a COPY goes in, the next waits for lock 1 (the COPY is then under way).
    CREATE FUNCTION held_rows_wait() RETURNS int LANGUAGE plpgsql AS $$
    BEGIN
      IF nextval('held_rows_calls') > 1 THEN PERFORM pg_advisory_xact_lock_shared(231001); END IF;
      RETURN 1;
    END $$;
    -- An index expression that waits for lock 2: an index build under way (CREATE INDEX has its xid by then).
    CREATE FUNCTION held_rows_index(n int) RETURNS int LANGUAGE plpgsql IMMUTABLE AS $$
    BEGIN
      PERFORM pg_advisory_xact_lock_shared(231002);
      RETURN n;
    END $$;
    CREATE TABLE held_rows (event_id text NOT NULL, n int NOT NULL, waited int DEFAULT held_rows_wait());
    CREATE INDEX held_rows_by_n ON held_rows (held_rows_index(n));
  `);
});
afterAll(async () => {
  await db?.drop();
});

const noted = () => ({ id: randomUUID(), type: 'Noted', data: { n: 1 }, metadata: { actor: 't', correlationId: randomUUID(), causationId: null, occurredAt: '2026-01-01T00:00:00.000Z' } });

const heldRows: Projection = {
  name: 'held_rows',
  version: 1,
  handles: ['Noted'],
  tables: ['held_rows'],
  apply: async () => undefined,
  bulk: {
    name: 'held_rows',
    columns: { held_rows: ['event_id', 'n'] },
    create: () => ({ add: (event, _shared, sink) => sink.push('held_rows', [event.id, 1]), finish: () => [] }),
  },
};

/** Waits until a backend waits for this advisory lock: the rebuild's statement is held there. */
async function heldAt(lock: number): Promise<void> {
  await expect
    .poll(async () => (await db.pool.query("SELECT 1 FROM pg_locks WHERE locktype = 'advisory' AND objid = $1 AND NOT granted", [lock])).rowCount, { timeout: 30_000 })
    .toBe(1);
}

/** An event appended now is readable at once: the running rebuild statement does not hold the reader. */
async function readableAtOnce(store: PostgresEventStore): Promise<void> {
  const event = noted();
  await store.appendToStream(`later-${randomUUID()}`, [event]);
  await expect.poll(async () => (await store.readAll({ limit: 10_000 })).some((stored) => stored.id === event.id), { timeout: 5_000 }).toBe(true);
}

describe('a one-pass rebuild and readers of the log', () => {
  it('holds no reader back while its COPY or an index build runs', async () => {
    const store = new PostgresEventStore(db.pool);
    await store.appendToStream(`noted-${randomUUID()}`, [noted(), noted(), noted()]);
    const locks: PoolClient = await db.pool.connect();
    try {
      await locks.query('SELECT pg_advisory_lock(231001), pg_advisory_lock(231002)');
      const rebuilt = rebuildInOnePass({ pool: db.pool, eventStore: store }, [heldRows]);
      rebuilt.catch(() => undefined); // awaited below

      await heldAt(231001);
      await readableAtOnce(store);
      await locks.query('SELECT pg_advisory_unlock(231001)');

      await heldAt(231002);
      await readableAtOnce(store);
      await locks.query('SELECT pg_advisory_unlock(231002)');

      await rebuilt;
      // The rows the held COPY wrote were swapped in (events appended during the load were caught up by the swap).
      expect(Number((await db.pool.query('SELECT count(*) FROM held_rows')).rows[0].count)).toBeGreaterThanOrEqual(3);
    } finally {
      await locks.query('SELECT pg_advisory_unlock_all()').catch(() => undefined);
      locks.release();
    }
  });
});
