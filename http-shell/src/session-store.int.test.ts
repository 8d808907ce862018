import { randomUUID } from 'node:crypto';
import type session from 'express-session';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createPool, type Pool, type PoolClient } from '@shop/infra';
import { createTestDatabase, silenceableProxy, type TestDatabase } from '@shop/infra/testing';
import { CredentialsChangedError, SessionStore } from './session-store.js';
import { sessionWritesOf, type SessionWrite } from './session-writes.js';

let db: TestDatabase;
// Two processes' stores on one database, each on its own pool; a TTL of ten minutes, so anything
// seen within a test's time comes from the notification, not from the entry running out.
let pools: Pool[];
let stores: SessionStore[];
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
  stores = pools.map((pool) => new SessionStore(pool, { cacheMs: 10 * 60_000, pruneEveryMs: false }));
  await Promise.all(stores.map((store) => store.listen()));
});
afterAll(async () => {
  await Promise.all(stores?.map((store) => store.close()) ?? []);
  await Promise.all(pools?.map((pool) => pool.end()) ?? []);
  await db?.drop();
});

const cookie = { originalMaxAge: 60_000, expires: new Date(Date.now() + 60_000), httpOnly: true, path: '/' };
const sessionOf = (name: string) => ({ cookie, user: { userId: name, email: `${name}@example.com`, isStaff: false, isGuest: false } }) as unknown as session.SessionData;
const get = (store: SessionStore, sid: string) =>
  new Promise<session.SessionData | null | undefined>((resolve, reject) => store.get(sid, (err, sess) => (err ? reject(err as Error) : resolve(sess))));
const set = (store: SessionStore, sid: string, sess: session.SessionData) =>
  new Promise<void>((resolve, reject) => store.set(sid, sess, (err) => (err ? reject(err as Error) : resolve())));

/** Listens as the stores do; what it answers resolves once a notice of an update of `sid` came (the stores get it alike). */
async function noticeOf(sid: string): Promise<{ came: Promise<void> }> {
  const client = await db.pool.connect();
  const came = new Promise<void>((resolve) => client.on('notification', (message) => message.payload?.startsWith(`${sid} `) && resolve()));
  await client.query('LISTEN http_sessions_changed');
  return {
    came: came.finally(async () => {
      await client.query('UNLISTEN http_sessions_changed');
      client.release();
    }),
  };
}

/** Counts the queries run through the pool (a session read is one). */
function countQueries(pool: Pool): () => number {
  let count = 0;
  const query = pool.query.bind(pool) as (...args: unknown[]) => unknown;
  pool.query = ((...args: unknown[]) => {
    count++;
    return query(...args);
  }) as typeof pool.query;
  return () => count;
}

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

  it('keeps what this process saved, notes merged, and answers its next read from memory', async () => {
    const sid = randomUUID();
    const withWrite = (name: string, stream: string) => ({ ...sessionOf(name), writes: { [stream]: [1, Date.now()] } }) as unknown as session.SessionData;
    await set(stores[1]!, sid, withWrite('writer', 'project-a'));
    // This process's own notice, which names what it stored, must not drop the copy: read after it came.
    const own = await noticeOf(sid);
    await set(stores[0]!, sid, withWrite('writer', 'project-b'));
    await own.came;
    const before = queries;
    const read = (await get(stores[0]!, sid)) as unknown as { writes: Record<string, unknown> };
    expect(queries).toBe(before);
    expect(Object.keys(read.writes).sort()).toEqual(['project-a', 'project-b']);
  });

  it('merges the notes of a save into a row another request of the session saved since it loaded it, and stores a lone save as it was sent', async () => {
    const sid = randomUUID();
    const store = stores[0]!;
    const note = (stream: string) => ({ [stream]: [0, Date.now()] as SessionWrite });
    await set(store, sid, { ...sessionOf('tabs'), writes: note('project-a') } as unknown as session.SessionData);
    // Loaded as express-session loads a session for a request of its cookie.
    const load = async () => store.createSession({ sessionID: sid } as Parameters<typeof store.createSession>[0], (await get(store, sid))!);
    const row = async () => (await db.pool.query<{ sess: string }>('SELECT sess::text AS sess FROM http_sessions WHERE sid = $1', [sid])).rows[0]!.sess;
    const [first, second] = [await load(), await load()];
    first.writes = { ...first.writes, ...note('project-b') };
    await set(store, sid, first);
    second.writes = { ...second.writes, ...note('project-c') };
    await set(store, sid, second);
    expect(Object.keys((JSON.parse(await row()) as session.SessionData).writes ?? {}).sort()).toEqual(['project-a', 'project-b', 'project-c']);

    const alone = await load();
    alone.writes = { ...alone.writes, ...note('project-d') };
    await set(store, sid, alone);
    expect(await row()).toBe(JSON.stringify(alone));
    expect(Object.keys(alone.writes).sort()).toEqual(['project-a', 'project-b', 'project-c', 'project-d']);
  });

  it('merges notes stored as objects before decision 0460 with new pairs: the higher revision per stream, the newest kept', async () => {
    const sid = randomUUID();
    const store = stores[0]!;
    const older = { 'project-a': { revision: 5, at: 1000 }, 'project-b': { revision: 2, at: 1001 } };
    await db.pool.query(`INSERT INTO http_sessions (sid, sess, expire) VALUES ($1, $2::json, now() + interval '1 day')`, [sid, JSON.stringify({ ...sessionOf('older'), writes: older })]);
    const loaded = store.createSession({ sessionID: sid } as Parameters<typeof store.createSession>[0], (await get(store, sid))!);
    // Another request of the session saved since: this save's notes are merged with the row's, not sent as they are.
    await db.pool.query(`UPDATE http_sessions SET sess = jsonb_set(sess::jsonb, '{writes,project-c}', '{"revision": 1, "at": 1002}')::json WHERE sid = $1`, [sid]);
    loaded.writes = { 'project-a': [3, 2000], 'project-b': [4, 2001] };
    await set(store, sid, loaded);
    const { rows } = await db.pool.query<{ sess: session.SessionData }>('SELECT sess FROM http_sessions WHERE sid = $1', [sid]);
    expect(sessionWritesOf(rows[0]!.sess)).toEqual(
      expect.arrayContaining([
        { streamId: 'project-a', revision: 5 },
        { streamId: 'project-b', revision: 4 },
        { streamId: 'project-c', revision: 1 },
      ]),
    );
  });

  it("drops the writer's copy when another process writes the session after it", async () => {
    const sid = randomUUID();
    await set(stores[0]!, sid, sessionOf('first'));
    await set(stores[1]!, sid, sessionOf('second'));
    expect((await eventually(() => get(stores[0]!, sid), (sess) => sess?.user?.userId === 'second'))?.user?.userId).toBe('second');
  });

  it("drops the writer's kept copy when any other process changes or deletes the row (as erasure, a password change, a log-out do)", async () => {
    const sid = randomUUID();
    await set(stores[0]!, sid, sessionOf('kept'));
    expect((await get(stores[0]!, sid))?.user?.userId).toBe('kept');
    await db.pool.query(`UPDATE http_sessions SET sess = jsonb_set(sess::jsonb, '{user,userId}', '"changed"')::json WHERE sid = $1`, [sid]);
    expect((await eventually(() => get(stores[0]!, sid), (sess) => sess?.user?.userId === 'changed'))?.user?.userId).toBe('changed');
    await set(stores[0]!, sid, sessionOf('kept again'));
    expect((await get(stores[0]!, sid))?.user?.userId).toBe('kept again');
    await db.pool.query('DELETE FROM http_sessions WHERE sid = $1', [sid]);
    expect(await eventually(() => get(stores[0]!, sid), (sess) => !sess)).toBeFalsy();
  });

  it('ends with what the row holds when two processes save one session at the same time', async () => {
    for (let round = 0; round < 20; round++) {
      const sid = randomUUID();
      const note = (stream: string) => ({ [stream]: [round, Date.now()] as SessionWrite });
      await set(stores[0]!, sid, sessionOf('start'));
      await Promise.all([
        set(stores[0]!, sid, { ...sessionOf('here'), writes: note('project-here') } as unknown as session.SessionData),
        set(stores[1]!, sid, { ...sessionOf('there'), writes: note('project-there') } as unknown as session.SessionData),
      ]);
      const { rows } = await db.pool.query<{ sess: string }>('SELECT sess::text AS sess FROM http_sessions WHERE sid = $1', [sid]);
      const stored = JSON.parse(rows[0]!.sess) as session.SessionData;
      const seen = await eventually(() => get(stores[0]!, sid), (sess) => sess?.user?.userId === stored.user?.userId);
      expect(seen?.user?.userId).toBe(stored.user?.userId);
      expect(Object.keys(seen?.writes ?? {}).sort()).toEqual(['project-here', 'project-there']);
    }
  });

  it('does not bring back a session deleted (logged out, erased) while a request that loaded it was in flight', async () => {
    const sid = randomUUID();
    await set(stores[1]!, sid, sessionOf('logged-out'));
    // A request of this session loads it as express-session does (the store's load builds the Session)...
    const loaded = await new Promise<session.Session & session.SessionData>((resolve, reject) =>
      stores[0]!.load(sid, (err, sess) => (err || !sess ? reject((err as Error) ?? new Error('no session')) : resolve(sess as session.Session & session.SessionData))),
    );
    // ...another process logs it out, then the request saves what it loaded (a note of a write).
    await new Promise<void>((resolve, reject) => stores[1]!.destroy(sid, (err) => (err ? reject(err as Error) : resolve())));
    loaded.writes = { 'project-late': [1, Date.now()] };
    await set(stores[0]!, sid, loaded);
    const { rows } = await db.pool.query('SELECT sid FROM http_sessions WHERE sid = $1', [sid]);
    expect(rows).toEqual([]);
    expect(await get(stores[0]!, sid)).toBeFalsy();
    expect(await get(stores[1]!, sid)).toBeFalsy();
  });

  it('saves a loaded session over its row, and a new one once inserted only over its row after that', async () => {
    const sid = randomUUID();
    const fresh = sessionOf('new');
    await set(stores[0]!, sid, fresh);
    await set(stores[0]!, sid, { ...fresh, writes: { 'project-a': [1, Date.now()] } } as unknown as session.SessionData);
    expect(Object.keys((await get(stores[1]!, sid))?.writes ?? {})).toEqual(['project-a']);
    // Deleted after its first save (a password change ending the user's other sessions): a later save of it inserts nothing.
    await db.pool.query('DELETE FROM http_sessions WHERE sid = $1', [sid]);
    await set(stores[0]!, sid, fresh);
    const { rows } = await db.pool.query('SELECT sid FROM http_sessions WHERE sid = $1', [sid]);
    expect(rows).toEqual([]);
  });

  describe("a log-in's new session and a password change or erasure of the same user (decision 0270)", () => {
    /** A user with credentials, and a new session of a log-in that checked their password hash. */
    async function loggingIn(name: string) {
      const userId = `user-${randomUUID()}`;
      await db.pool.query('INSERT INTO account_credentials (user_id, email, password_hash) VALUES ($1, $2, $3)', [userId, `${userId}@example.com`, 'hash-checked']);
      const sess = { cookie, user: { userId, email: `${name}@example.com`, isStaff: false, isGuest: false } } as unknown as session.SessionData;
      stores[0]!.provenBy(sess, { userId, passwordHash: 'hash-checked' });
      return { userId, sid: randomUUID(), sess };
    }
    const sessionsOf = async (userId: string) =>
      (await db.pool.query<{ sid: string }>("SELECT sid FROM http_sessions WHERE sess -> 'user' ->> 'userId' = $1", [userId])).rows.map((row) => row.sid);
    /** Resolves once a statement starting with `prefix` waits for a lock. */
    const waitingAt = (prefix: string) =>
      eventually(
        async () => (await db.pool.query<{ n: number }>("SELECT count(*)::int AS n FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND query LIKE $1", [`${prefix}%`])).rows[0]!.n,
        (n) => n > 0,
      );
    /** A password change as the routes make it: the new hash, then the user's sessions deleted, in one transaction. */
    const changePassword = (client: PoolClient, userId: string) =>
      client.query(
        `BEGIN; UPDATE account_credentials SET password_hash = 'hash-new' WHERE user_id = '${userId}';
         DELETE FROM http_sessions WHERE sess -> 'user' ->> 'userId' = '${userId}'`,
      );

    it('stores nothing when the password changed, or the account was erased, after the check', async () => {
      const changed = await loggingIn('changed');
      await db.pool.query("UPDATE account_credentials SET password_hash = 'hash-new' WHERE user_id = $1", [changed.userId]);
      await expect(set(stores[0]!, changed.sid, changed.sess)).rejects.toThrow(CredentialsChangedError);
      const erased = await loggingIn('erased');
      await db.pool.query('DELETE FROM account_credentials WHERE user_id = $1', [erased.userId]);
      await expect(set(stores[0]!, erased.sid, erased.sess)).rejects.toThrow(CredentialsChangedError);
      expect([...(await sessionsOf(changed.userId)), ...(await sessionsOf(erased.userId))]).toEqual([]);
      const unchanged = await loggingIn('unchanged');
      await set(stores[0]!, unchanged.sid, unchanged.sess);
      expect(await sessionsOf(unchanged.userId)).toEqual([unchanged.sid]);
    });

    it('waits for a password change under way and then stores nothing', async () => {
      const { userId, sid, sess } = await loggingIn('racing');
      const change = await db.pool.connect();
      try {
        await changePassword(change, userId);
        const saving = set(stores[0]!, sid, sess);
        await waitingAt('\n  INSERT INTO');
        await change.query('COMMIT');
        await expect(saving).rejects.toThrow(CredentialsChangedError);
      } finally {
        await change.query('ROLLBACK').catch(() => undefined);
        change.release();
      }
      expect(await sessionsOf(userId)).toEqual([]);
    });

    it('makes a password change that starts while the insert is under way delete the new session', async () => {
      const { userId, sid, sess } = await loggingIn('inserting');
      // The insert is held after its check: another transaction holds the same sid, uncommitted.
      const holder = await db.pool.connect();
      const change = await db.pool.connect();
      try {
        await holder.query('BEGIN');
        await holder.query("INSERT INTO http_sessions (sid, sess, expire) VALUES ($1, '{}', now())", [sid]);
        const saving = set(stores[0]!, sid, sess);
        await waitingAt('\n  INSERT INTO');
        // The change waits for the insert's lock on the credentials, then its deletion sees the session.
        const changing = changePassword(change, userId);
        await waitingAt('BEGIN; UPDATE account_credentials');
        await holder.query('ROLLBACK');
        await saving;
        await changing;
        await change.query('COMMIT');
      } finally {
        await holder.query('ROLLBACK').catch(() => undefined);
        await change.query('ROLLBACK').catch(() => undefined);
        holder.release();
        change.release();
      }
      expect(await sessionsOf(userId)).toEqual([]);
      // The copy the save kept goes when the deletion's notice comes (decision 0221).
      expect(await eventually(() => get(stores[0]!, sid), (sess) => !sess)).toBeFalsy();
    });
  });

  it('gives a connection whose LISTEN fails back to the pool, reads PostgreSQL meanwhile, and caches again once a LISTEN succeeds', async () => {
    const pool = createPool(db.url, 3);
    const reads = countQueries(pool);
    // The store's first connection loses its backend before its LISTEN (a terminated backend, a
    // server restart); its second waits at the gate, so "meanwhile" lasts as long as the test needs.
    let opened!: () => void;
    const gate = new Promise<void>((resolve) => (opened = resolve));
    const connect = pool.connect.bind(pool) as (...args: unknown[]) => Promise<PoolClient>;
    let connects = 0;
    // Only the store's own connects (no callback); the pool's queries connect with a callback.
    pool.connect = ((...args: unknown[]) => (args.length > 0 ? connect(...args) : storeConnect())) as typeof pool.connect;
    const storeConnect = async () => {
      const client = await connect();
      if (++connects === 1) {
        client.on('error', () => undefined);
        await db.pool.query('SELECT pg_terminate_backend($1)', [(client as unknown as { processID: number }).processID]);
      } else await gate;
      return client;
    };
    const store = new SessionStore(pool, { cacheMs: 10 * 60_000, pruneEveryMs: false, listener: { retryMs: 50 } });
    try {
      await store.listen();
      expect(connects).toBe(1);
      // The failed connection is gone from the pool, not held (nor idle, to be handed to a query).
      expect([pool.totalCount, pool.idleCount]).toEqual([0, 0]);
      const sid = randomUUID();
      await set(stores[1]!, sid, sessionOf('uncached'));
      const before = reads();
      for (let i = 0; i < 3; i++) expect((await get(store, sid))?.user?.userId).toBe('uncached');
      expect(reads() - before).toBe(3);
      opened();
      // Listening again, on one connection held for it: a read is kept and the next comes from memory.
      const fromMemory = async () => {
        await get(store, sid);
        const before = reads();
        return (await get(store, sid))?.user?.userId === 'uncached' && reads() === before;
      };
      expect(await eventually(fromMemory, Boolean)).toBe(true);
      expect([connects, pool.totalCount - pool.idleCount]).toEqual([2, 1]);
      await db.pool.query('DELETE FROM http_sessions WHERE sid = $1', [sid]);
      expect(await eventually(() => get(store, sid), (sess) => !sess)).toBeFalsy();
    } finally {
      opened();
      await store.close();
      await pool.end();
    }
  });

  it('gives up a LISTEN that gets no answer (a connection silent from the start) and listens on a new connection', async () => {
    const proxy = await silenceableProxy(new URL(db.url));
    const pool = createPool(proxy.url, 3);
    const reads = countQueries(pool);
    let made = 0;
    pool.on('connect', () => {
      if (made++ === 0) proxy.silence(0);
    });
    const store = new SessionStore(pool, { cacheMs: 10 * 60_000, pruneEveryMs: false, listener: { heartbeat: { timeoutMs: 500 }, retryMs: 50 } });
    try {
      await store.listen();
      expect([pool.totalCount, pool.idleCount]).toEqual([0, 0]);
      const sid = randomUUID();
      await set(stores[1]!, sid, sessionOf('heard'));
      // Listening on a new connection: a read is kept, and the next one comes from memory.
      const fromMemory = async () => {
        await get(store, sid);
        const before = reads();
        return (await get(store, sid))?.user?.userId === 'heard' && reads() === before;
      };
      expect(await eventually(fromMemory, Boolean)).toBe(true);
      expect(made).toBeGreaterThan(1);
      expect(pool.totalCount - pool.idleCount).toBe(1);
      await db.pool.query('DELETE FROM http_sessions WHERE sid = $1', [sid]);
      expect(await eventually(() => get(store, sid), (sess) => !sess)).toBeFalsy();
    } finally {
      await store.close();
      proxy.close();
      await pool.end().catch(() => undefined);
    }
  });

  it('gives up a LISTEN connection that goes silent without an error (half-open TCP) and stops answering from memory', async () => {
    const proxy = await silenceableProxy(new URL(db.url));
    const pool = createPool(proxy.url, 3);
    const store = new SessionStore(pool, { cacheMs: 10 * 60_000, pruneEveryMs: false, listener: { heartbeat: { everyMs: 200, timeoutMs: 1_000 } } });
    try {
      await store.listen(); // the proxy's first connection is the listener's
      const sid = randomUUID();
      await set(stores[1]!, sid, sessionOf('silenced'));
      expect((await get(store, sid))?.user?.userId).toBe('silenced');
      // The listener's connection stops carrying anything, both ways, and stays open: no error, no NOTIFY.
      proxy.silence(0);
      await db.pool.query('DELETE FROM http_sessions WHERE sid = $1', [sid]);
      // Without the heartbeat the copy would be served for the whole ten-minute TTL.
      expect(await eventually(() => get(store, sid), (sess) => !sess)).toBeFalsy();
    } finally {
      await store.close();
      proxy.close();
      await pool.end().catch(() => undefined);
    }
  });
});

