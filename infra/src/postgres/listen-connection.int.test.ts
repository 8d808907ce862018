import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../testing/index.js';
import { keepListening } from './listen-connection.js';
import { createPool } from './pool.js';

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase(inject('adminDatabaseUrl'));
});
afterAll(async () => {
  await db?.drop();
});

/** Polls `read` until `done` holds (or 30 s pass), giving the last value read. */
async function until<T>(read: () => Promise<T> | T, done: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

const listeners = async (channel: string) =>
  (await db.pool.query<{ pid: number }>('SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND query = $1', [`LISTEN ${channel}`])).rows.map(
    (row) => row.pid,
  );

describe('keepListening', () => {
  it('listens again after the server ends its connection, tells the caller to catch up, and hears notices again', async () => {
    const pool = createPool(db.url, 3);
    const heard: string[] = [];
    const told: string[] = [];
    const listener = await keepListening(
      pool,
      ['kept_listening'],
      {
        notice: (message) => heard.push(message.payload ?? ''),
        connected: (again) => told.push(again ? 'again' : 'first'),
        lost: () => told.push('lost'),
      },
      { retryMs: 50 },
    );
    try {
      expect(listener.connected).toBe(true);
      expect(told).toEqual(['first']);
      await db.pool.query("SELECT pg_notify('kept_listening', 'before')");
      expect(await until(() => heard, (seen) => seen.includes('before'))).toContain('before');

      const [first] = await listeners('kept_listening');
      expect(first).toBeDefined();
      await db.pool.query('SELECT pg_terminate_backend($1)', [first]);
      // The loss is told, then the new LISTEN (the caller's cue to read what it missed).
      expect(await until(() => told, (seen) => seen.includes('again'))).toEqual(['first', 'lost', 'again']);
      expect(listener.connected).toBe(true);
      const again = await listeners('kept_listening');
      expect(again).toHaveLength(1);
      expect(again[0]).not.toBe(first);
      // The broken connection left the pool: only the new listener is held.
      expect(pool.totalCount - pool.idleCount).toBe(1);

      await db.pool.query("SELECT pg_notify('kept_listening', 'after')");
      expect(await until(() => heard, (seen) => seen.includes('after'))).toEqual(['before', 'after']);
    } finally {
      await listener.stop();
      await pool.end();
    }
  });

  it('keeps trying while LISTEN fails, and listens once it can', async () => {
    const pool = createPool(db.url, 3);
    const told: string[] = [];
    // Every new connection of this pool has its backend ended before its LISTEN, until `refuse` is off.
    let refuse = true;
    const connect = pool.connect.bind(pool);
    pool.connect = (async () => {
      const client = await connect();
      if (refuse) await db.pool.query('SELECT pg_terminate_backend($1)', [(client as unknown as { processID: number }).processID]);
      return client;
    }) as typeof pool.connect;
    const listener = await keepListening(
      pool,
      ['kept_refused'],
      { notice: () => undefined, connected: (again) => told.push(again ? 'again' : 'first'), lost: () => told.push('lost') },
      { retryMs: 20, maxRetryMs: 100 },
    );
    try {
      expect(listener.connected).toBe(false);
      expect(await until(() => told, (seen) => seen.filter((entry) => entry === 'lost').length >= 3)).not.toContain('again');
      refuse = false;
      await until(() => listener.connected, (connected) => connected);
      expect(listener.connected).toBe(true);
      // Notices sent meanwhile were missed: the caller is told to catch up.
      expect(told.at(-1)).toBe('again');
      expect(told).not.toContain('first');
      expect(await listeners('kept_refused')).toHaveLength(1);
      expect(pool.totalCount - pool.idleCount).toBe(1);
    } finally {
      await listener.stop();
      await pool.end();
    }
  });
});
