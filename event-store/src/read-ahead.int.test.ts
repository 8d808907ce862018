import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '@shop/infra/testing';
import { START, type GlobalCheckpoint, type StoredEvent } from '@shop/infra';
import { PostgresEventStore } from './postgres-event-store.js';
import { readAhead } from './read-ahead.js';

/**
 * Pages read ahead (read-ahead.ts): the next page's query is already sent while the caller has a
 * page; the pages and their order are readAll's; a caller that stops early leaves no read in
 * flight and no connection taken; a failing read reaches the caller that asks for its page.
 */
let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase(inject('adminDatabaseUrl'));
  const store = new PostgresEventStore(db.pool);
  for (let n = 0; n < 7; n++) await store.appendToStream(`ahead-${randomUUID()}`, [event(n), event(n)]);
});
afterAll(async () => {
  await db?.drop();
});

const event = (n: number) => ({ id: randomUUID(), type: 'Noted', data: { n }, metadata: { actor: 't', correlationId: randomUUID(), causationId: null, occurredAt: '2026-01-01T00:00:00.000Z' } });

/** The store's readAll, counting reads sent and ended, optionally failing the read number `failAt` (1-based). */
function countedReads(failAt?: number) {
  const store = new PostgresEventStore(db.pool);
  const counts = { sent: 0, ended: 0 };
  const read = async (from: GlobalCheckpoint, limit: number): Promise<StoredEvent[]> => {
    counts.sent++;
    try {
      if (counts.sent === failAt) {
        // A real failing statement, as a lost connection or a cancelled query would be.
        await db.pool.query('SELECT 1/0');
      }
      return await store.readAll({ from, limit });
    } finally {
      counts.ended++;
    }
  };
  return { read, counts };
}

describe('reading the log ahead', () => {
  it('sends the next page\'s read before the caller has the page, and gives readAll\'s pages in order', async () => {
    const { read, counts } = countedReads();
    const pages: StoredEvent[][] = [];
    const sentWhenGiven: number[] = [];
    for await (const page of readAhead(read, { limit: 4 })) {
      sentWhenGiven.push(counts.sent);
      pages.push(page);
    }
    const looped: StoredEvent[] = [];
    for (let from = START; ; ) {
      const page = await new PostgresEventStore(db.pool).readAll({ from, limit: 4 });
      if (page.length === 0) break;
      looped.push(...page);
      from = page.at(-1)!.checkpoint;
    }
    expect(pages.flat().map((e) => e.id)).toEqual(looped.map((e) => e.id));
    expect(pages.map((page) => page.length)).toEqual([4, 4, 4, 2]);
    // Page n is given once read n + 1 has been sent; the read after the last page came back empty.
    expect(sentWhenGiven).toEqual([2, 3, 4, 5]);
    expect(counts).toEqual({ sent: 5, ended: 5 });
  });

  it('leaves no read in flight and every connection back in the pool when the caller stops early', async () => {
    const { read, counts } = countedReads();
    for await (const page of readAhead(read, { limit: 3 })) {
      expect(page).toHaveLength(3);
      break;
    }
    expect(counts).toEqual({ sent: 2, ended: 2 });
    expect(db.pool.idleCount).toBe(db.pool.totalCount);
    expect(db.pool.waitingCount).toBe(0);
  });

  it('gives the caller the error of a page it asks for, after the pages before it', async () => {
    const { read, counts } = countedReads(3);
    const given: number[] = [];
    const reading = (async () => {
      for await (const page of readAhead(read, { limit: 3 })) given.push(page.length);
    })();
    await expect(reading).rejects.toThrow(/division by zero/);
    expect(given).toEqual([3, 3]);
    expect(counts.sent).toBe(counts.ended);
  });

  it('drops the error of a read ahead that nobody asks for, and waits for it before the loop is left', async () => {
    const { read, counts } = countedReads(2);
    for await (const page of readAhead(read, { limit: 3 })) {
      expect(page).toHaveLength(3);
      break;
    }
    expect(counts).toEqual({ sent: 2, ended: 2 });
    expect(db.pool.idleCount).toBe(db.pool.totalCount);
  });
});
