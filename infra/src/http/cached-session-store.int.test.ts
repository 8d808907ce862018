import { randomUUID } from 'node:crypto';
import type session from 'express-session';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createPool, type Pool } from '../postgres/pool.js';
import { createTestDatabase, type TestDatabase } from '../testing/index.js';
import { CachedSessionStore } from './cached-session-store.js';

let db: TestDatabase;
// Two processes' stores on one database, each on its own pool; a TTL of ten minutes, so anything
// seen within a test's time comes from the notification, not from the entry running out.
let pools: Pool[];
let stores: CachedSessionStore[];
let queries = 0;
beforeAll(async () => {
  db = await createTestDatabase(inject('adminDatabaseUrl'));
  pools = [createPool(db.url, 3), createPool(db.url, 3)];
  const counted = pools[0]!;
  const query = counted.query.bind(counted) as (...args: unknown[]) => unknown;
  counted.query = ((...args: unknown[]) => {
    queries++;
    return query(...args);
  }) as typeof counted.query;
  stores = pools.map((pool) => new CachedSessionStore(pool, { tableName: 'http_sessions', pruneSessionInterval: false }, 10 * 60_000));
  await Promise.all(stores.map((store) => store.listen()));
});
afterAll(async () => {
  await Promise.all(stores?.map((store) => store.stopListening()) ?? []);
  await Promise.all(pools?.map((pool) => pool.end()) ?? []);
  await db?.drop();
});

const cookie = { originalMaxAge: 60_000, expires: new Date(Date.now() + 60_000), httpOnly: true, path: '/' };
const sessionOf = (name: string) => ({ cookie, user: { userId: name, email: `${name}@example.com`, isStaff: false, isGuest: false } }) as unknown as session.SessionData;
const get = (store: CachedSessionStore, sid: string) =>
  new Promise<session.SessionData | null | undefined>((resolve, reject) => store.get(sid, (err, sess) => (err ? reject(err as Error) : resolve(sess))));
const set = (store: CachedSessionStore, sid: string, sess: session.SessionData) =>
  new Promise<void>((resolve, reject) => store.set(sid, sess, (err) => (err ? reject(err as Error) : resolve())));

async function eventually<T>(read: () => Promise<T>, until: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const value = await read();
    if (until(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('the session cache', () => {
  it('answers a repeated read of a session from memory', async () => {
    const sid = randomUUID();
    await set(stores[1]!, sid, sessionOf('reader'));
    expect((await get(stores[0]!, sid))?.user?.userId).toBe('reader');
    const before = queries;
    for (let i = 0; i < 20; i++) expect((await get(stores[0]!, sid))?.user?.userId).toBe('reader');
    expect(queries).toBe(before);
  });

  it("drops another process's copy when the row is deleted, as erasure does", async () => {
    const sid = randomUUID();
    await set(stores[1]!, sid, sessionOf('erased'));
    expect(await get(stores[0]!, sid)).toBeTruthy();
    await db.pool.query("DELETE FROM http_sessions WHERE sess -> 'user' ->> 'userId' = 'erased'");
    expect(await eventually(() => get(stores[0]!, sid), (sess) => !sess)).toBeFalsy();
  });

  it("drops another process's copy when it logs out or changes the session", async () => {
    const sid = randomUUID();
    await set(stores[1]!, sid, sessionOf('before'));
    expect((await get(stores[0]!, sid))?.user?.userId).toBe('before');
    await set(stores[1]!, sid, sessionOf('after'));
    expect((await eventually(() => get(stores[0]!, sid), (sess) => sess?.user?.userId === 'after'))?.user?.userId).toBe('after');
    await new Promise<void>((resolve, reject) => stores[1]!.destroy(sid, (err) => (err ? reject(err as Error) : resolve())));
    expect(await eventually(() => get(stores[0]!, sid), (sess) => !sess)).toBeFalsy();
  });
});
