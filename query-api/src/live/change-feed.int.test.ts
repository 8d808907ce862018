import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createLogger, createPool } from '@shop/infra';
import { createTestDatabase, silenceableProxy, type TestDatabase } from '@shop/infra/testing';
import { ChangeFeed, type LiveChange } from './change-feed.js';

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase(inject('adminDatabaseUrl'));
});
afterAll(async () => {
  await db?.drop();
});

describe('the live change feed', () => {
  it("listens again when its LISTEN connection goes silent without an error (half-open TCP), and makes up a swap's reset it missed", async () => {
    const proxy = await silenceableProxy(new URL(db.url));
    const pool = createPool(proxy.url, 3);
    let resets = 0;
    const feed = new ChangeFeed(
      pool,
      createLogger('silent'),
      { changes: () => undefined, sessionEnded: () => undefined, reset: () => resets++ },
      { pollMs: 200, listenerHeartbeat: { everyMs: 200, timeoutMs: 1_000 } },
    );
    try {
      // start() reads the head on the pool's first connection, then takes that idle one to LISTEN on.
      await feed.start();
      proxy.silence(0);
      // A rebuild's swap commits: its NOTIFY goes down the silent connection and reaches no one.
      await db.pool.query("UPDATE live_swaps SET generation = generation + 1; SELECT pg_notify('shop_live_reset', (SELECT generation::text FROM live_swaps))");
      const deadline = Date.now() + 30_000;
      while (resets === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
      expect(resets).toBe(1);
    } finally {
      await feed.stop();
      proxy.close();
      await pool.end().catch(() => undefined);
    }
  });

  it('gives a connection whose LISTEN gets no answer back to the pool and listens on a new one', async () => {
    const proxy = await silenceableProxy(new URL(db.url));
    const pool = createPool(proxy.url, 3);
    let resets = 0;
    const feed = new ChangeFeed(
      pool,
      createLogger('silent'),
      { changes: () => undefined, sessionEnded: () => undefined, reset: () => resets++ },
      // No poll during the test: the only reads are the ones relistening starts.
      { pollMs: 10 * 60_000, listenerHeartbeat: { everyMs: 200, timeoutMs: 1_000 } },
    );
    try {
      // start() reads the head on connection 0 and listens on it; its swap count takes connection 1.
      await feed.start();
      // The listener goes silent, and so does the idle connection its next LISTEN will get.
      proxy.silence(0);
      proxy.silence(1);
      await db.pool.query("UPDATE live_swaps SET generation = generation + 1; SELECT pg_notify('shop_live_reset', (SELECT generation::text FROM live_swaps))");
      // Without a limit on the LISTEN it would wait forever on connection 1, holding it.
      const deadline = Date.now() + 30_000;
      while ((resets === 0 || pool.totalCount - pool.idleCount !== 1) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
      expect(resets).toBe(1);
      // Only the new listener is held; the two silent connections left the pool.
      expect(pool.totalCount - pool.idleCount).toBe(1);
    } finally {
      await feed.stop();
      proxy.close();
      await pool.end().catch(() => undefined);
    }
  });

  it('reads nothing while nobody takes changes, and after catching up hands on only what came later (decision 0290)', async () => {
    const pool = createPool(db.url, 3);
    let statements = 0;
    const query = pool.query;
    pool.query = function (...args: unknown[]) {
      statements++;
      return (query as (...given: unknown[]) => unknown).apply(pool, args);
    } as typeof pool.query;
    let wanted = false;
    const handed: LiveChange[] = [];
    const feed = new ChangeFeed(
      pool,
      createLogger('silent'),
      { changes: (changes) => handed.push(...changes), sessionEnded: () => undefined, reset: () => undefined, wanted: () => wanted },
      { pollMs: 100 },
    );
    // Account streams: this database has no read models, so no project audience is looked up.
    const change = async (streamId: string) => {
      const { rows } = await db.pool.query<{ id: string }>(
        `WITH added AS (INSERT INTO live_changes (stream_id, revision, read_models, event_at, former_readers, former_organizations)
           VALUES ($1, 0, '{projects}', now(), '{}', '{}') RETURNING id)
         SELECT id, pg_notify('shop_live_changes', id::text) FROM added`,
        [streamId],
      );
      return Number(rows[0]!.id);
    };
    try {
      await feed.start();
      const atStart = statements;
      const quiet = await change('account-quiet');
      // Woken by the NOTIFY and by several polls: none of them reads.
      await new Promise((resolve) => setTimeout(resolve, 600));
      expect(statements - atStart).toBe(0);
      expect(feed.position).toBeLessThan(quiet);

      await feed.catchUp();
      expect(feed.position).toBe(quiet);
      wanted = true;
      const later = await change('account-later');
      const deadline = Date.now() + 30_000;
      while (!handed.some((given) => given.position === later) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
      expect(handed.map((given) => given.streamId)).toEqual(['account-later']);
    } finally {
      await feed.stop();
      await pool.end();
    }
  });
});
