import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createLogger, kafkaMetrics, KafkaTransport, readKafkaHealth, readParkedStreams, readProjectionLag, type NewEvent, type PoolClient, type StoredEvent } from '@shop/infra';
import { PostgresEventStore } from '@shop/event-store';
import { createTestDatabase, type TestDatabase } from '@shop/infra/testing';
import { eachEvent, EventRelay, KafkaProjectionFeed, type Projection } from '@shop/projectors';
import { sharedTestKafka, type TestKafka } from '../../support/kafka.js';

/**
 * A projection fed by Kafka never applies over a gap in a stream (decision 0306): whatever made
 * Kafka skip revisions (retention, a partition count changed by hand) the missing ones are read
 * from the event store, and what comes twice (the relay's position reset back) is applied once.
 * Its checkpoint moves with its rows (decision 0305), so lag ends at zero.
 */
let kafka: TestKafka | null;
const databases: TestDatabase[] = [];
beforeAll(async () => {
  kafka = await sharedTestKafka();
}, 300_000);
afterAll(async () => {
  await Promise.all(databases.map((db) => db.drop()));
  await kafka?.stop();
});

/** Records every application under its own name, so a duplicate shows as two rows, a skip as none. */
const recorder = (name: string): Projection => ({
  name,
  version: 1,
  handles: ['Counted'],
  tables: ['gap_seen'],
  apply: eachEvent(async (client: PoolClient, event: StoredEvent) => {
    await client.query('INSERT INTO gap_seen (event_id, stream_id, revision, applied_by) VALUES ($1, $2, $3, $4)', [event.id, event.streamId, event.revision, name]);
  }),
});

const counted = (): NewEvent => ({
  id: randomUUID(),
  type: 'Counted',
  data: {},
  metadata: { actor: 'test', correlationId: randomUUID(), causationId: null, occurredAt: new Date().toISOString() },
});

async function waitFor(condition: () => Promise<boolean>, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * A database of its own (the relay's position and the log are the test's alone), one topic with
 * its relay, feeds made on demand (one consumer group), and the store.
 */
async function topology(label: string, partitions: number) {
  const db = await createTestDatabase(inject('adminDatabaseUrl'));
  databases.push(db);
  await db.pool.query('CREATE TABLE gap_seen (n bigserial PRIMARY KEY, event_id uuid NOT NULL, stream_id text NOT NULL, revision int NOT NULL, applied_by text NOT NULL)');
  const logger = createLogger('silent');
  const store = new PostgresEventStore(db.pool, { pollIntervalMs: 20 });
  const topic = `${label}-${randomUUID()}`.slice(0, 40);
  const transport = (clientId: string, parts = partitions) => new KafkaTransport({ brokers: kafka!.brokers, topic, partitions: parts, retentionMs: -1, clientId });
  const projection = recorder(`rec-${topic}`);
  return {
    db,
    store,
    topic,
    projection,
    transport,
    relay: (parts = partitions) => new EventRelay({ pool: db.pool, eventStore: store, kafka: transport(`${label}-relay`, parts), logger }),
    feed: (parts = partitions) => new KafkaProjectionFeed({ pool: db.pool, eventStore: store, kafka: transport(`${label}-projector`, parts), logger, groupId: `g-${topic}` }, [projection]),
    applied: async (stream: string) =>
      (await db.pool.query<{ revision: number }>('SELECT revision FROM gap_seen WHERE applied_by = $1 AND stream_id = $2 ORDER BY n', [projection.name, stream])).rows.map((row) => row.revision),
    lag: async () => (await readProjectionLag(db.pool, [projection.name]))[0]!,
  };
}

/** Waits until the relay has sent everything in the store (its published count reaches `events`). */
const relayed = (relay: EventRelay, events: number) => waitFor(async () => relay.status.published >= events);

describe('gaps in what Kafka delivers', () => {
  it('moves the checkpoint with the rows: lag reaches zero once every event is applied', async (context) => {
    if (!kafka) return context.skip();
    const t = await topology('lag', 4);
    const relay = t.relay();
    const feed = t.feed();
    await relay.start();
    await feed.start();
    const streams = Array.from({ length: 8 }, () => `lag-${randomUUID()}`);
    for (const stream of streams) await t.store.appendToStream(stream, [counted(), counted(), counted()]);
    await waitFor(async () => (await t.lag()).lagEvents === 0);
    await feed.stop();
    await relay.stop();
    for (const stream of streams) expect(await t.applied(stream)).toEqual([0, 1, 2]);
    const lag = await t.lag();
    expect(lag).toMatchObject({ lagEvents: 0, lagMs: 0 });
    const { rows } = await t.db.pool.query<{ max: string }>('SELECT max(global_position) FROM events');
    expect(Number(lag.position)).toBe(Number(rows[0]!.max));
  });

  it('reads from the store what retention removed while the projector was stopped', async (context) => {
    if (!kafka) return context.skip();
    const t = await topology('retention', 1);
    const relay = t.relay();
    await relay.start();
    const stream = `ret-${randomUUID()}`;
    let feed = t.feed();
    await feed.start();
    await t.store.appendToStream(stream, [counted()]);
    await waitFor(async () => (await t.applied(stream)).length === 1);
    await feed.stop();

    // While the projector is down, revisions 1 and 2 reach Kafka and are deleted from the log
    // (what retention does: the partition's start offset moves past them).
    await t.store.appendToStream(stream, [counted(), counted()]);
    await relayed(relay, 3);
    const admin = t.transport('retention-admin').admin();
    await admin.connect();
    const [offsets] = await admin.fetchTopicOffsets(t.topic);
    await admin.deleteTopicRecords({ topic: t.topic, partitions: [{ partition: 0, offset: offsets!.high }] });
    expect((await admin.fetchTopicOffsets(t.topic))[0]!.low).toBe(offsets!.high);
    await admin.disconnect();
    await t.store.appendToStream(stream, [counted()]);

    feed = t.feed();
    await feed.start();
    await waitFor(async () => (await t.applied(stream)).length >= 4 && (await t.lag()).lagEvents === 0);
    await feed.stop();
    await relay.stop();
    expect(await t.applied(stream)).toEqual([0, 1, 2, 3]);
    expect(feed.gaps).toEqual({ filled: 1, eventsFilled: 2, parked: 0 });
    expect((await readParkedStreams(t.db.pool)).filter((row) => row.streamId === stream)).toEqual([]);
    // What /metrics of a projectors process says about it (decision 0310).
    const metrics = await kafkaMetrics({ pool: t.db.pool, kafka: t.transport('retention-metrics'), groupId: `g-${t.topic}`, gaps: () => feed.gaps }).metrics();
    for (const line of ['kafka_consumer_lag_messages{partition="0"} 0', 'kafka_relay_lag_events 0', 'kafka_stream_gaps_filled_total 1', 'kafka_stream_gap_events_filled_total 2', 'kafka_stream_gaps_parked_total 0']) {
      expect(metrics).toContain(line);
    }
    // What the staff health page says about it (decision 0385): the fill is kept in the database.
    const health = await readKafkaHealth({ pool: t.db.pool, kafka: t.transport('retention-health'), groupId: `g-${t.topic}` });
    expect(health).toMatchObject({ topic: t.topic, consumerLag: [{ partition: 0, messages: 0 }], consumerLagError: null, relay: { lagEvents: 0, lagMs: 0 } });
    expect(health.gapFills).toMatchObject({ total: 1, eventsFilled: 2, recent: [{ projection: t.projection.name, streamId: stream, fromRevision: 1, toRevision: 2, eventsFilled: 2 }] });
  });

  it('applies each stream in order after its partition count was raised by hand (keys remapped, later revisions first)', async (context) => {
    if (!kafka) return context.skip();
    const t = await topology('repartition', 1);
    let relay = t.relay();
    await relay.start();
    let feed = t.feed();
    await feed.start();
    const streams = Array.from({ length: 8 }, () => `rep-${randomUUID()}`);
    for (const stream of streams) await t.store.appendToStream(stream, [counted()]);
    await waitFor(async () => (await Promise.all(streams.map(t.applied))).every((revisions) => revisions.length === 1));
    await feed.stop();

    // Revision 1 of each stream waits in partition 0 behind a backlog larger than one fetch...
    const filler = `filler-${randomUUID()}`;
    await t.store.appendToStream(filler, Array.from({ length: 6000 }, counted));
    for (const stream of streams) await t.store.appendToStream(stream, [counted()]);
    await relayed(relay, 6016);
    await relay.stop();
    // ...then partitions are added by hand: the keys remap, revision 2 lands in a new partition
    // and comes to the projector before revision 1 does.
    const admin = t.transport('repartition-admin').admin();
    await admin.connect();
    await admin.createPartitions({ topicPartitions: [{ topic: t.topic, count: 4 }] });
    await admin.disconnect();
    relay = t.relay(4);
    await relay.start();
    for (const stream of streams) await t.store.appendToStream(stream, [counted()]);

    feed = t.feed(4);
    await feed.start();
    await waitFor(async () => (await t.applied(filler)).length === 6000 && (await t.lag()).lagEvents === 0);
    await feed.stop();
    await relay.stop();
    for (const stream of streams) expect(await t.applied(stream), stream).toEqual([0, 1, 2]);
    expect(feed.gaps.parked).toBe(0);
  }, 300_000);

  it('applies once what the relay sends again after its position was reset back', async (context) => {
    if (!kafka) return context.skip();
    const t = await topology('reset', 2);
    let relay = t.relay();
    await relay.start();
    const feed = t.feed();
    await feed.start();
    const streams = Array.from({ length: 6 }, () => `reset-${randomUUID()}`);
    for (const stream of streams) await t.store.appendToStream(stream, [counted(), counted()]);
    await waitFor(async () => (await Promise.all(streams.map(t.applied))).every((revisions) => revisions.length === 2));
    await relay.stop();
    // The relay's position goes back to the start of the log: it sends every event again.
    await t.db.pool.query(`DELETE FROM projection_checkpoints WHERE name = 'kafka-relay'`);
    const { rows } = await t.db.pool.query<{ count: string }>('SELECT count(*) FROM events');
    relay = t.relay();
    await relay.start();
    for (const stream of streams) await t.store.appendToStream(stream, [counted()]);
    await relayed(relay, Number(rows[0]!.count) + streams.length);
    await waitFor(async () => (await Promise.all(streams.map(t.applied))).every((revisions) => revisions.length >= 3) && (await t.lag()).lagEvents === 0);
    await feed.stop();
    await relay.stop();
    for (const stream of streams) expect(await t.applied(stream)).toEqual([0, 1, 2]);
    expect(feed.gaps).toEqual({ filled: 0, eventsFilled: 0, parked: 0 });
  });
});
