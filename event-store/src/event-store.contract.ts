import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ConcurrencyError, START, type EventStore, type NewEvent, type StoredEvent } from '@shop/infra';

/**
 * The behaviour every EventStore adapter must have. An adapter's test file calls this
 * with a factory that gives a store over an empty log.
 */
export function eventStoreContract(name: string, makeStore: () => EventStore) {
  const event = (type = 'Thing', data: Record<string, unknown> = {}): NewEvent => ({
    id: randomUUID(),
    type,
    data,
    metadata: { actor: 'user-1', correlationId: randomUUID(), causationId: null, occurredAt: '2026-01-02T03:04:05.000Z' },
  });
  const stream = () => `test-${randomUUID()}`;

  describe(`${name} event store contract`, () => {
    it('appends to a new stream and reads it back in revision order with metadata', async () => {
      const store = makeStore();
      const id = stream();
      const first = event('A', { n: 1 });
      const result = await store.appendToStream(id, [first, event('B', { n: 2 })], { expectedRevision: 'no_stream' });
      expect(result.nextRevision).toBe(1);
      const read = await store.readStream(id);
      expect(read.map((e) => [e.type, e.revision, e.data])).toEqual([
        ['A', 0, { n: 1 }],
        ['B', 1, { n: 2 }],
      ]);
      expect(read[0]).toMatchObject({ id: first.id, streamId: id, schemaVersion: 1, metadata: first.metadata });
    });

    it('reads an unknown stream as empty', async () => {
      expect(await makeStore().readStream(stream())).toEqual([]);
    });

    it.each([
      ['no_stream on an existing stream', 'no_stream' as const],
      ['a stale exact revision', 0],
      ['a revision from the future', 5],
    ])('refuses %s with a ConcurrencyError and writes nothing', async (_label, expectedRevision) => {
      const store = makeStore();
      const id = stream();
      await store.appendToStream(id, [event(), event()]);
      await expect(store.appendToStream(id, [event()], { expectedRevision })).rejects.toBeInstanceOf(ConcurrencyError);
      expect(await store.readStream(id)).toHaveLength(2);
    });

    it('refuses stream_exists on a missing stream and accepts it on an existing one', async () => {
      const store = makeStore();
      const id = stream();
      await expect(store.appendToStream(id, [event()], { expectedRevision: 'stream_exists' })).rejects.toBeInstanceOf(
        ConcurrencyError,
      );
      await store.appendToStream(id, [event()], { expectedRevision: 'no_stream' });
      await expect(store.appendToStream(id, [event()], { expectedRevision: 'stream_exists' })).resolves.toEqual({
        nextRevision: 1,
      });
    });

    it('accepts the exact current revision and any', async () => {
      const store = makeStore();
      const id = stream();
      await store.appendToStream(id, [event()]);
      expect(await store.appendToStream(id, [event()], { expectedRevision: 0 })).toEqual({ nextRevision: 1 });
      expect(await store.appendToStream(id, [event()], { expectedRevision: 'any' })).toEqual({ nextRevision: 2 });
    });

    it('lets exactly one of two racing appends with the same expected revision win', async () => {
      const store = makeStore();
      const id = stream();
      await store.appendToStream(id, [event()]);
      const results = await Promise.allSettled([
        store.appendToStream(id, [event('X')], { expectedRevision: 0 }),
        store.appendToStream(id, [event('Y')], { expectedRevision: 0 }),
      ]);
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      const rejected = results.find((r) => r.status === 'rejected');
      expect((rejected as PromiseRejectedResult).reason).toBeInstanceOf(ConcurrencyError);
      expect(await store.readStream(id)).toHaveLength(2);
    });

    it('treats a re-append of stored event ids as a no-op', async () => {
      const store = makeStore();
      const id = stream();
      const events = [event(), event()];
      await store.appendToStream(id, events, { expectedRevision: 'no_stream' });
      const again = await store.appendToStream(id, events, { expectedRevision: 'no_stream' });
      expect(again).toEqual({ nextRevision: 1 });
      expect(await store.readStream(id)).toHaveLength(2);
    });

    it('reads all streams in global order, in pages, resuming from a checkpoint', async () => {
      const store = makeStore();
      const before = await readEverything(store);
      const a = stream();
      const b = stream();
      await store.appendToStream(a, [event('A1')]);
      await store.appendToStream(b, [event('B1'), event('B2')]);
      await store.appendToStream(a, [event('A2')]);
      const mine = (await readEverything(store, 2)).slice(before.length);
      expect(mine.map((e) => e.type)).toEqual(['A1', 'B1', 'B2', 'A2']);
      const afterFirst = await store.readAll({ from: mine[0]!.checkpoint, limit: 2 });
      expect(afterFirst.map((e) => e.type)).toEqual(['B1', 'B2']);
    });

    it('gives the same pages through readAllPages as readAll in a loop, in order, ending at an empty page', async () => {
      const store = makeStore();
      const id = stream();
      await store.appendToStream(id, [event('P1'), event('P2'), event('P3')]);
      await store.appendToStream(stream(), [event('P4')]);
      const pages: StoredEvent[][] = [];
      for await (const page of store.readAllPages({ limit: 2 })) pages.push(page);
      const looped = await readEverything(store, 2);
      expect(pages.flat().map((e) => e.id)).toEqual(looped.map((e) => e.id));
      expect(pages.every((page) => page.length > 0 && page.length <= 2)).toBe(true);
      // A page of readAllPages is the page readAll gives from the previous page's last checkpoint.
      const second = await store.readAll({ from: pages[0]!.at(-1)!.checkpoint, limit: 2 });
      expect(pages[1]!.map((e) => e.id)).toEqual(second.map((e) => e.id));
      const mine = pages.flat().filter((e) => e.streamId === id);
      expect(mine.map((e) => e.type)).toEqual(['P1', 'P2', 'P3']);
    });

    it('reads the whole log through readLog: the events readAll gives, equal, in pages, counted by countLog', async () => {
      const store = makeStore();
      const id = stream();
      await store.appendToStream(id, [event('L1', { text: 'tab\there, line\nthere, back\\slash, é' }), event('L2')]);
      await store.appendToStream(stream(), [event('L3')]);
      const pages: StoredEvent[][] = [];
      for await (const page of store.readLog({ pageSize: 2 })) pages.push(page);
      const everything = await readEverything(store, 2);
      const strip = ({ recordedAt: _, ...rest }: StoredEvent) => rest;
      expect(pages.flat().map(strip)).toEqual(everything.map(strip));
      expect(pages.every((page) => page.length > 0 && page.length <= 2)).toBe(true);
      expect(await store.countLog()).toBe(everything.length);
      expect(pages.flat().find((e) => e.type === 'L1')!.data).toEqual({ text: 'tab\there, line\nthere, back\\slash, é' });
    });

    it('reads nothing appended after readLog began, and as of an instant only what the store had recorded by then', async () => {
      const store = makeStore();
      await store.appendToStream(stream(), [event('S1')]);
      const before = await store.countLog();
      const reading = store.readLog({ pageSize: 1 })[Symbol.asyncIterator]();
      const first = await reading.next();
      const later = stream();
      await store.appendToStream(later, [event('S2')]);
      const read: StoredEvent[] = first.done ? [] : [...first.value];
      for (let next = await reading.next(); !next.done; next = await reading.next()) read.push(...next.value);
      expect(read).toHaveLength(before);
      expect(read.some((e) => e.streamId === later)).toBe(false);
      expect(await store.countLog({ asOf: new Date('2000-01-01T00:00:00Z') })).toBe(0);
      const pastCut: StoredEvent[] = [];
      for await (const page of store.readLog({ asOf: new Date('2000-01-01T00:00:00Z') })) pastCut.push(...page);
      expect(pastCut).toEqual([]);
      expect(await store.countLog({ asOf: new Date(Date.now() + 60_000) })).toBe(before + 1);
    });

    it('delivers past and future events to a catch-up subscription, once each', async () => {
      const store = makeStore();
      const id = stream();
      await store.appendToStream(id, [event('Past')]);
      const seen: StoredEvent[] = [];
      const subscription = store.subscribeToAll({
        onBatch: async (batch) => {
          seen.push(...batch.filter((e) => e.streamId === id));
        },
      });
      await store.appendToStream(id, [event('Future')]);
      await waitFor(() => seen.length >= 2);
      await subscription.stop();
      expect(seen.map((e) => e.type)).toEqual(['Past', 'Future']);
    });
  });
}

async function readEverything(store: EventStore, pageSize = 500): Promise<StoredEvent[]> {
  const all: StoredEvent[] = [];
  let from = START;
  for (;;) {
    const page = await store.readAll({ from, limit: pageSize });
    if (page.length === 0) return all;
    all.push(...page);
    from = page[page.length - 1]!.checkpoint;
  }
}

async function waitFor(condition: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
