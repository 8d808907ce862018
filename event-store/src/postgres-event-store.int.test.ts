import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestDatabase, seededRandom, type TestDatabase } from '@shop/infra/testing';
import { eventStoreContract } from './event-store.contract.js';
import { START, createPool, type GlobalCheckpoint, type StoredEvent } from '@shop/infra';
import { PostgresEventStore } from './postgres-event-store.js';
import { AppendSignal, NOTIFY_CHANNEL } from './append-signal.js';

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase(inject('adminDatabaseUrl'));
});
afterAll(async () => {
  await db?.drop();
});

eventStoreContract('PostgreSQL', () => new PostgresEventStore(db.pool, { pollIntervalMs: 20 }));

describe('PostgreSQL append in one statement', () => {
  const event = () => ({ id: randomUUID(), type: 'Noted', data: { n: 1 }, metadata: { actor: 't', correlationId: randomUUID(), causationId: null, occurredAt: '2026-01-01T00:00:00.000Z' } });
  const revisionRow = async (stream: string) =>
    (await db.pool.query<{ revision: string }>('SELECT revision::text AS revision FROM streams WHERE stream_id = $1', [stream])).rows[0]?.revision;

  it('answers a retried append as a no-op whatever it expected, and a refused one moves nothing', async () => {
    const store = new PostgresEventStore(db.pool);
    const id = `retry-${randomUUID()}`;
    const first = [event(), event()];
    await store.appendToStream(id, first, { expectedRevision: 'no_stream' });
    const second = [event()];
    await store.appendToStream(id, second, { expectedRevision: 1 });
    expect(await store.appendToStream(id, second, { expectedRevision: 1 })).toEqual({ nextRevision: 2 });
    expect(await store.appendToStream(id, second, { expectedRevision: 'any' })).toEqual({ nextRevision: 2 });
    expect(await store.appendToStream(id, first, { expectedRevision: 'stream_exists' })).toEqual({ nextRevision: 1 });
    await expect(store.appendToStream(id, [event()], { expectedRevision: 0 })).rejects.toMatchObject({ actual: 2 });
    await expect(store.appendToStream(`${id}-none`, [event()], { expectedRevision: 3 })).rejects.toMatchObject({ actual: null });
    expect(await revisionRow(id)).toBe('2');
    expect(await revisionRow(`${id}-none`)).toBeUndefined();
    expect(await store.readStream(id)).toHaveLength(3);
  });

  it('takes a stream whose row an older append left at -1 as new', async () => {
    const store = new PostgresEventStore(db.pool);
    const id = `left-${randomUUID()}`;
    await db.pool.query('INSERT INTO streams (stream_id, revision) VALUES ($1, -1)', [id]);
    await expect(store.appendToStream(id, [event()], { expectedRevision: 'stream_exists' })).rejects.toMatchObject({ actual: null });
    expect(await store.appendToStream(id, [event()], { expectedRevision: 'no_stream' })).toEqual({ nextRevision: 0 });
  });
});

describe('PostgreSQL global order under concurrent writers', () => {
  // Writers hold their transactions open for random times, so positions are taken in one
  // order and committed in another. A reader catching up meanwhile must still see every
  // event exactly once, and each stream's events in revision order.
  it('never skips an event whose transaction committed late', async () => {
    const writers = 12;
    const appendsPerWriter = 25;
    const random = seededRandom(42);
    const store = new PostgresEventStore(db.pool, {
      beforeCommit: () => new Promise((resolve) => setTimeout(resolve, Math.floor(random() * 30))),
    });
    const start = await lastCheckpoint(store);
    const streams = Array.from({ length: writers }, () => `race-${randomUUID()}`);

    const seen: StoredEvent[] = [];
    let writing = true;
    const reader = (async () => {
      let from = start;
      for (;;) {
        const wasWriting = writing;
        const page = await store.readAll({ from, limit: 7 });
        seen.push(...page);
        if (page.length > 0) from = page[page.length - 1]!.checkpoint;
        else if (!wasWriting) return;
        else await new Promise((resolve) => setTimeout(resolve, 1));
      }
    })();
    await Promise.all(
      streams.map(async (streamId) => {
        for (let i = 0; i < appendsPerWriter; i++) {
          await store.appendToStream(streamId, [newEvent(i)], { expectedRevision: i === 0 ? 'no_stream' : i - 1 });
        }
      }),
    );
    writing = false;
    await reader;

    const mine = seen.filter((e) => streams.includes(e.streamId));
    expect(mine).toHaveLength(writers * appendsPerWriter);
    expect(new Set(mine.map((e) => e.id)).size).toBe(mine.length);
    for (const streamId of streams) {
      const revisions = mine.filter((e) => e.streamId === streamId).map((e) => e.revision);
      expect(revisions).toEqual(Array.from({ length: appendsPerWriter }, (_, i) => i));
    }
  });
});

function newEvent(n: number) {
  return {
    id: randomUUID(),
    type: 'Counted',
    data: { n },
    metadata: { actor: 'test', correlationId: randomUUID(), causationId: null, occurredAt: new Date(0).toISOString() },
  };
}

async function lastCheckpoint(store: PostgresEventStore): Promise<GlobalCheckpoint> {
  let from = START;
  for (;;) {
    const page = await store.readAll({ from, limit: 1000 });
    if (page.length === 0) return from;
    from = page[page.length - 1]!.checkpoint;
  }
}


describe('PostgreSQL subscribers are woken after the commit, not by a NOTIFY inside the append', () => {
  // Polling is set to a minute, so only the wake-up can deliver the event within the test.
  const quietly = { pollIntervalMs: 60_000 };

  async function firstEventOf(subscriber: PostgresEventStore, writer: PostgresEventStore, whileAppended?: () => Promise<void>): Promise<StoredEvent> {
    const from = await lastCheckpoint(subscriber);
    const stream = `wake-${randomUUID()}`;
    let subscription: { stop: () => Promise<void> } | null = null;
    const seen = new Promise<StoredEvent>((resolve) => {
      subscription = subscriber.subscribeToAll({ from, onBatch: async (batch) => {
          const mine = batch.find((event) => event.streamId === stream);
          if (mine) resolve(mine);
        },
      });
    });
    // Let the subscription read up to date and start waiting (and listening) first.
    await new Promise((resolve) => setTimeout(resolve, 300));
    await writer.appendToStream(stream, [{ id: randomUUID(), type: 'Woken', data: {}, metadata: { actor: 't', correlationId: 'c', causationId: null, occurredAt: new Date(0).toISOString() } }]);
    await whileAppended?.();
    const event = await seen;
    await subscription!.stop();
    expect(event.streamId).toBe(stream);
    return event;
  }

  it('has an append function without pg_notify', async () => {
    const { rows } = await db.pool.query<{ prosrc: string }>("SELECT prosrc FROM pg_proc WHERE proname = 'shop_append_events'");
    expect(rows).toHaveLength(1);
    expect(rows[0]!.prosrc).not.toContain('pg_notify');
  });

  it('wakes a subscriber in the same process at once', async () => {
    const store = new PostgresEventStore(db.pool, quietly);
    await firstEventOf(store, store);
  });

  it('delivers an event an older transaction held back soon after that transaction ends, not at the next poll', { timeout: 20_000 }, async () => {
    // A transaction with an id, begun before the append and ended after its wake-up read: the
    // event is committed but not readable at the wake (no reader sees past a transaction still
    // running), and the transaction's end wakes no one. Only the subscriber's second looks can
    // deliver it before the minute's poll, and this test gives up long before that.
    const older = await db.pool.connect();
    try {
      await older.query('BEGIN');
      await older.query('SELECT pg_current_xact_id()');
      const store = new PostgresEventStore(db.pool, quietly);
      await firstEventOf(store, store, async () => {
        await new Promise((resolve) => setTimeout(resolve, 200));
        await older.query('ROLLBACK');
      });
    } finally {
      older.release();
    }
  });

  it('wakes a subscriber of another process (another pool) through one NOTIFY after the commit', async () => {
    const otherProcess = createPool(db.url, 3);
    try {
      await firstEventOf(new PostgresEventStore(otherProcess, quietly), new PostgresEventStore(db.pool, quietly));
    } finally {
      await otherProcess.end();
    }
  });
});

describe('PostgreSQL append wake-ups for other processes (decision 0278)', () => {
  it('sends one NOTIFY for a burst of appends and one more when its spacing ends, and notifies at once after a quiet spell', { timeout: 30_000 }, async () => {
    const listener = await db.pool.connect();
    const heard: number[] = [];
    listener.on('notification', (message) => message.channel === NOTIFY_CHANNEL && heard.push(performance.now()));
    const until = async (count: number) => {
      while (heard.length < count) await new Promise((resolve) => setTimeout(resolve, 10));
    };
    const spacingMs = 1_500;
    const writer = createPool(db.url, 2);
    try {
      await listener.query(`LISTEN ${NOTIFY_CHANNEL}`);
      const signal = new AppendSignal(writer, spacingMs);
      for (let n = 0; n < 20; n++) signal.appended();
      await until(1);
      // The other 19 ride on one NOTIFY at the end of the spacing, not 19 of their own.
      await until(2);
      expect(heard[1]! - heard[0]!).toBeGreaterThanOrEqual(spacingMs - 100);
      await new Promise((resolve) => setTimeout(resolve, spacingMs + 500));
      expect(heard).toHaveLength(2);
      // Quiet since: the next append is heard at once, not a spacing later.
      const appendedAt = performance.now();
      signal.appended();
      await until(3);
      expect(heard[2]! - appendedAt).toBeLessThan(spacingMs - 300);
    } finally {
      await listener.query(`UNLISTEN ${NOTIFY_CHANNEL}`);
      listener.release();
      await writer.end();
    }
  });
});

describe('PostgreSQL subscribers and their own NOTIFY (decision 0282)', () => {
  /** A store that counts the log reads its subscriptions make. */
  class CountingStore extends PostgresEventStore {
    reads = 0;
    answered = 0;
    override async readAll(options?: Parameters<PostgresEventStore['readAll']>[0]): Promise<StoredEvent[]> {
      this.reads++;
      const page = await super.readAll(options);
      this.answered++;
      return page;
    }
  }

  it("does not read the log again for its own pool's NOTIFY, while a store on another pool is woken by it", { timeout: 60_000 }, async () => {
    // Polling is set to a minute: any read after the delivery's own is a wake-up's.
    const otherProcess = createPool(db.url, 3);
    const own = new CountingStore(db.pool, { pollIntervalMs: 60_000 });
    const other = new CountingStore(otherProcess, { pollIntervalMs: 60_000 });
    const stream = `own-notify-${randomUUID()}`;
    const delivered = async (store: CountingStore) => {
      let readsAtDelivery = -1;
      const subscription = store.subscribeToAll({
        from: await lastCheckpoint(store),
        onBatch: async (batch) => {
          if (batch.some((event) => event.streamId === stream)) readsAtDelivery = store.reads;
        },
      });
      return { subscription, readsAtDelivery: () => readsAtDelivery };
    };
    const until = async (done: () => Promise<boolean> | boolean) => {
      const deadline = Date.now() + 30_000;
      while (!(await done()) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    };
    const listening = async () =>
      Number((await db.pool.query<{ n: string }>("SELECT count(*) AS n FROM pg_stat_activity WHERE datname = current_database() AND query = 'LISTEN shop_events'")).rows[0]!.n);
    const ownSide = await delivered(own);
    const otherSide = await delivered(other);
    try {
      // Both have read up to date and wait (a wake during a read would be kept for one more), on their LISTEN.
      await until(async () => own.answered >= 1 && other.answered >= 1 && (await listening()) >= 2);
      expect(await listening()).toBeGreaterThanOrEqual(2);
      await own.appendToStream(stream, [newEvent(0)]);
      // The other pool has only the NOTIFY to hear of the append by (its poll is a minute away).
      await until(() => otherSide.readsAtDelivery() >= 0 && ownSide.readsAtDelivery() >= 0);
      expect(otherSide.readsAtDelivery()).toBeGreaterThan(0);
      expect(ownSide.readsAtDelivery()).toBeGreaterThan(0);
      // The same NOTIFY reached the own pool's LISTEN too; give it time to act on it.
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      // After the batch: one read that finds the log's end, and none for the NOTIFY (before:
      // one for it and its second looks at 5, 10, 20 ms and so on).
      expect(own.reads - ownSide.readsAtDelivery()).toBe(1);
    } finally {
      await ownSide.subscription.stop();
      await otherSide.subscription.stop();
      await otherProcess.end();
    }
  });
});

describe('PostgreSQL subscribers when the LISTEN connection is lost', () => {
  it('listen again on a new connection after the server ends the listening one, and are woken by a NOTIFY again', { timeout: 60_000 }, async () => {
    const otherProcess = createPool(db.url, 3);
    const subscriber = new PostgresEventStore(otherProcess, { pollIntervalMs: 60_000 });
    const writer = new PostgresEventStore(db.pool);
    let from = await lastCheckpoint(subscriber);
    const seen: string[] = [];
    const subscription = subscriber.subscribeToAll({
      from,
      onBatch: async (batch) => {
        seen.push(...batch.map((event) => event.streamId));
        from = batch[batch.length - 1]!.checkpoint;
      },
    });
    const listeners = async () =>
      (await db.pool.query<{ pid: number }>("SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND query = 'LISTEN shop_events' AND pid <> pg_backend_pid()")).rows.map((row) => row.pid);
    const until = async <T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> => {
      const deadline = Date.now() + 30_000;
      for (;;) {
        const value = await read();
        if (done(value) || Date.now() > deadline) return value;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    };
    try {
      const [first] = await until(listeners, (pids) => pids.length === 1);
      await db.pool.query('SELECT pg_terminate_backend($1)', [first]);
      const again = await until(listeners, (pids) => pids.length === 1 && pids[0] !== first);
      expect(again).toHaveLength(1);
      const stream = `relistened-${randomUUID()}`;
      await writer.appendToStream(stream, [{ id: randomUUID(), type: 'Woken', data: {}, metadata: { actor: 't', correlationId: 'c', causationId: null, occurredAt: new Date(0).toISOString() } }]);
      expect(await until(async () => seen, (streams) => streams.includes(stream))).toContain(stream);
    } finally {
      await subscription.stop();
      await otherProcess.end();
    }
  });
});
