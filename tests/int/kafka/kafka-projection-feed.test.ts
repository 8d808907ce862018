import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createLogger, KafkaTransport, readParkedStreams, requestParkedRetry, type NewEvent, type PoolClient, type StoredEvent } from '@shop/infra';
import { PostgresEventStore } from '@shop/event-store';
import { ProtectedEventStore, protectPersonalData } from '@shop/personal-data';
import { createTestDatabase, type TestDatabase } from '@shop/infra/testing';
import { eachEvent, EventRelay, KafkaProjectionFeed, type FeedStages, type Projection } from '@shop/projectors';
import { sharedTestKafka, type TestKafka } from '../../support/kafka.js';

let db: TestDatabase;
let kafka: TestKafka | null;
beforeAll(async () => {
  kafka = await sharedTestKafka();
  db = await createTestDatabase(inject('adminDatabaseUrl'));
  await db.pool.query('CREATE TABLE seen (n bigserial PRIMARY KEY, event_id uuid NOT NULL, stream_id text NOT NULL, revision int NOT NULL, applied_by text NOT NULL)');
}, 180_000);
afterAll(async () => {
  await db?.drop();
  await kafka?.stop();
});

/** Records every application, so duplicates would show as two rows for one event id. */
const recorder: Projection = {
  name: 'recorder',
  version: 1,
  handles: ['Counted'],
  tables: ['seen'],
  apply: eachEvent(async (client: PoolClient, event: StoredEvent) => {
    await client.query('INSERT INTO seen (event_id, stream_id, revision, applied_by) VALUES ($1, $2, $3, $4)', [
      event.id,
      event.streamId,
      event.revision,
      process.pid,
    ]);
  }),
};

const counted = (): NewEvent => ({
  id: randomUUID(),
  type: 'Counted',
  data: {},
  metadata: { actor: 'test', correlationId: randomUUID(), causationId: null, occurredAt: new Date(0).toISOString() },
});

async function waitFor(condition: () => Promise<boolean>, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('projections through Kafka', () => {
  it('relays every event to two projector consumers once each, across a broker restart', async (context) => {
    if (!kafka) return context.skip();
    const logger = createLogger('silent');
    const store = new PostgresEventStore(db.pool, { pollIntervalMs: 20 });
    const transport = (clientId: string) =>
      new KafkaTransport({ brokers: kafka!.brokers, topic: `events-${randomUUID()}`.slice(0, 40), partitions: 4, retentionMs: -1, clientId });
    const topic = transport('probe').settings.topic;
    const make = (clientId: string) => new KafkaTransport({ ...transport(clientId).settings, topic });
    const relay = new EventRelay({ pool: db.pool, eventStore: store, kafka: make('relay'), logger });
    const feeds = [1, 2].map((n) => new KafkaProjectionFeed({ pool: db.pool, eventStore: store, kafka: make(`projector-${n}`), logger, groupId: `g-${topic}` }, [recorder]));
    await relay.start();
    await Promise.all(feeds.map((feed) => feed.start()));

    const streams = Array.from({ length: 10 }, () => `k-${randomUUID()}`);
    const appendRound = async () => {
      for (const stream of streams) await store.appendToStream(stream, [counted(), counted()]);
    };
    await appendRound();
    await waitFor(async () => (await db.pool.query('SELECT 1 FROM seen')).rowCount === 20);
    if (kafka.restart) await kafka.restart();
    await appendRound();
    await waitFor(async () => (await db.pool.query('SELECT 1 FROM seen')).rowCount! >= 40);

    await Promise.all(feeds.map((feed) => feed.stop()));
    await relay.stop();
    const rows = (await db.pool.query<{ event_id: string; stream_id: string; revision: number }>('SELECT * FROM seen ORDER BY n')).rows;
    expect(rows).toHaveLength(40);
    expect(new Set(rows.map((row) => row.event_id)).size).toBe(40);
    for (const stream of streams) {
      expect(rows.filter((row) => row.stream_id === stream).map((row) => row.revision)).toEqual([0, 1, 2, 3]);
    }
  });

  it('carries personal fields sealed; the consumers open them (docs/decisions/0160); reports the stage times of each event', async (context) => {
    if (!kafka) return context.skip();
    const logger = createLogger('silent');
    const store = protectPersonalData(new PostgresEventStore(db.pool, { pollIntervalMs: 20 }), db.pool) as ProtectedEventStore;
    const topic = `pd-${randomUUID()}`.slice(0, 40);
    const make = (clientId: string) => new KafkaTransport({ brokers: kafka!.brokers, topic, partitions: 1, retentionMs: -1, clientId });
    const opened: StoredEvent[] = [];
    const catcher: Projection = { name: 'catcher', version: 1, handles: ['Registered'], tables: [], apply: eachEvent(async (_client, event) => void opened.push(event)) };
    const relay = new EventRelay({ pool: db.pool, eventStore: store.inner, kafka: make('pd-relay'), logger });
    const feed = new KafkaProjectionFeed({ pool: db.pool, eventStore: store, kafka: make('pd-projector'), logger, groupId: `g-${topic}`, reveal: (events) => store.protector.reveal(events) }, [catcher]);
    const stages: FeedStages[] = [];
    feed.onStages((batch) => stages.push(...batch));
    await relay.start();
    await feed.start();
    const raw: string[] = [];
    const probe = make('pd-probe').consumer(`probe-${topic}`);
    await probe.connect();
    await probe.subscribe({ topic, fromBeginning: true });
    await probe.run({ eachMessage: async ({ message }) => void raw.push(message.value?.toString() ?? '') });

    const userId = randomUUID();
    const data = { userId, email: 'kafka.person@shop.test', name: 'Kafka Person', phone: '555-0123', isDesigner: false, at: new Date(0).toISOString(), by: userId };
    await store.appendToStream(`account-${userId}`, [{ ...counted(), type: 'Registered', data }]);
    await waitFor(async () => opened.some((event) => event.data.userId === userId) && raw.some((value) => value.includes(userId)));
    await probe.disconnect();
    await feed.stop();
    await relay.stop();

    expect(opened.find((event) => event.data.userId === userId)!.data).toEqual(data);
    const onTheWire = raw.find((value) => value.includes(userId))!;
    for (const clear of [data.email, data.name, data.phone]) expect(onTheWire).not.toContain(clear);
    // The lag bench's breakdown: the relay's send, the fetch, the drain's take and its commit, in that order.
    const stage = stages.find((entry) => entry.eventId === opened.find((event) => event.data.userId === userId)!.id)!;
    expect(stage.sentAt).toBeGreaterThan(0);
    expect(stage.fetchedAt).toBeGreaterThanOrEqual(stage.sentAt);
    expect(stage.takenAt).toBeGreaterThanOrEqual(stage.fetchedAt);
    expect(stage.appliedAt).toBeGreaterThanOrEqual(stage.takenAt);
  });

  it('parks the stream of an event one projection rejects; the other streams and projections go on, and a retry applies it once', async (context) => {
    if (!kafka) return context.skip();
    const logger = createLogger('silent');
    const store = new PostgresEventStore(db.pool, { pollIntervalMs: 20 });
    const topic = `poison-${randomUUID()}`.slice(0, 40);
    const make = (clientId: string) => new KafkaTransport({ brokers: kafka!.brokers, topic, partitions: 2, retentionMs: -1, clientId });
    const poison = counted();
    let fixed = false;
    const labelled = (label: string, rejects: (event: StoredEvent) => boolean): Projection => ({
      ...recorder,
      name: label,
      apply: eachEvent(async (client, event) => {
        if (rejects(event)) throw new Error('no such shape');
        await client.query('INSERT INTO seen (event_id, stream_id, revision, applied_by) VALUES ($1, $2, $3, $4)', [event.id, event.streamId, event.revision, label]);
      }),
    });
    const projections = [labelled('p-fragile', (event) => !fixed && event.id === poison.id), labelled('p-sturdy', () => false)];
    const relay = new EventRelay({ pool: db.pool, eventStore: store, kafka: make('poison-relay'), logger });
    const feed = new KafkaProjectionFeed({ pool: db.pool, eventStore: store, kafka: make('poison-projector'), logger, groupId: `g-${topic}` }, projections);
    await relay.start();
    await feed.start();
    const [sick, healthy] = [`sick-${randomUUID()}`, `healthy-${randomUUID()}`];
    await store.appendToStream(sick, [counted(), poison, counted()]);
    await store.appendToStream(healthy, [counted(), counted()]);
    const applied = async (label: string, stream: string) =>
      (await db.pool.query<{ revision: number }>('SELECT revision FROM seen WHERE applied_by = $1 AND stream_id = $2 ORDER BY n', [label, stream])).rows.map((row) => row.revision);

    await waitFor(async () => (await applied('p-fragile', healthy)).length === 2 && (await applied('p-sturdy', sick)).length === 3);
    expect(await applied('p-fragile', sick)).toEqual([0]);
    expect((await readParkedStreams(db.pool)).filter((row) => row.streamId === sick)).toMatchObject([{ projection: 'p-fragile', eventId: poison.id }]);

    fixed = true;
    expect(await requestParkedRetry(db.pool, 'p-fragile', sick)).toBe(true);
    await waitFor(async () => (await applied('p-fragile', sick)).length === 3);
    await store.appendToStream(sick, [counted()]);
    await waitFor(async () => (await applied('p-fragile', sick)).length === 4);
    await feed.stop();
    await relay.stop();
    expect(await applied('p-fragile', sick)).toEqual([0, 1, 2, 3]);
    expect(await applied('p-sturdy', sick)).toEqual([0, 1, 2, 3]);
    expect((await readParkedStreams(db.pool)).filter((row) => row.streamId === sick)).toEqual([]);
  });
});
