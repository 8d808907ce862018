import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createLogger, createPool } from '@shop/infra';
import { createTestDatabase, silenceableProxy, type TestDatabase } from '@shop/infra/testing';
import { ChangeFeed } from './change-feed.js';

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
});
