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
});
