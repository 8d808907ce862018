import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { KafkaTransport, readProjectionLag } from '@shop/infra';
import { PostgresEventStore } from '@shop/event-store';
import { protectPersonalData } from '@shop/personal-data';
import { createTestDatabase, type TestDatabase } from '@shop/infra/testing';
import { allProjections, rebuildInOnePass } from '@shop/projectors';
import { ApiClient } from '../../support/http-client.js';
import { startTestKafkaCluster, type TestKafkaCluster } from '../../support/kafka.js';
import { startRole, type RoleProcess } from '../../support/processes.js';

/**
 * One broker of three is lost (SIGKILL) in the middle of a steady load of commands through the
 * scaled topology: a command-api, a query-api and two projectors processes (the relay active in
 * one of them) on a topic with replication factor 3 and min.insync.replicas 2, sent with acks=all
 * (decision 0309). Every acknowledged command must reach the read models once, Kafka itself must
 * have delivered everything (no gap filled from the event store: what the relay had acknowledged
 * was not lost with the broker), and the read models must equal a clean rebuild. What it found:
 * the relay's producer refused for good after a send failed at the loss, and a retried send
 * skipped partitions whose leader had moved (decision 0372). This one cluster start also shows
 * `npm run kafka:start -- --brokers 3` (decision 0386): every broker joins, the topic is
 * replicated three times.
 */
const STAFF = { email: 'staff@broker-lost.test', password: 'Staff-Pass1' };
const WRITERS = 3;
/** Acknowledged commands before the broker is lost, and at least as many after. */
const COMMANDS_PER_PHASE = 60;
/** A bound on the load whatever the waits take, below the largest page of the project list (500). */
const MAX_PROJECTS = 400;

let cluster: TestKafkaCluster | null;
let db: TestDatabase;
const processes: RoleProcess[] = [];
let topic: string;

beforeAll(async () => {
  cluster = await startTestKafkaCluster(3);
  if (!cluster) return;
  db = await createTestDatabase(inject('adminDatabaseUrl'));
  topic = `broker-lost-${randomUUID().slice(0, 8)}`;
  const env = {
    DATABASE_URL: db.url,
    KAFKA_BROKERS: cluster.brokers,
    KAFKA_TOPIC: topic,
    KAFKA_PARTITIONS: '4',
    KAFKA_REPLICATION_FACTOR: '3',
    KAFKA_MIN_INSYNC_REPLICAS: '2',
    DATA_DIR: await mkdtemp(path.join(os.tmpdir(), 'shop-broker-lost-')),
    STAFF_EMAIL: STAFF.email,
    STAFF_PASSWORD: STAFF.password,
  };
  // The command process migrates and seeds; the rest start after it.
  processes.push(await startRole('command', env));
  processes.push(...(await Promise.all([startRole('query', env), startRole('projectors', env), startRole('projectors', env)])));
}, 400_000);

afterAll(async () => {
  await Promise.all(processes.map((p) => p.stop().catch(() => undefined)));
  await db?.drop();
  await cluster?.stop();
});

async function staffOn(url: string): Promise<ApiClient> {
  const client = new ApiClient(url);
  await client.get('/api/openapi.json');
  const login = await client.post('/api/sessions/', STAFF);
  expect(login.status, login.text).toBe(200);
  return client;
}

/** Polls until `ok`; past the (generous) deadline it returns the last value for the assertions to show. */
async function eventually<T>(probe: () => Promise<T>, ok: (value: T) => boolean, timeoutMs = 180_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe().catch(() => undefined);
    if ((value !== undefined && ok(value)) || Date.now() > deadline) return value as T;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** Every row of a table in a stable order, for comparing two schemas. */
async function tableRows(schema: string, table: string): Promise<string[]> {
  const result = await db.pool.query(`SELECT t::text AS row FROM "${schema}"."${table}" t ORDER BY 1`);
  return result.rows.map((row: { row: string }) => row.row);
}

/** The value of an unlabelled or labelled sample in Prometheus text. */
function samples(metrics: string, name: string): number[] {
  return [...metrics.matchAll(new RegExp(`^${name}(?:\\{[^}]*\\})? (\\S+)$`, 'gm'))].map((match) => Number(match[1]));
}

/** The broker that leads most partitions of the topic: losing it moves the most leadership. */
async function busiestLeader(brokers: string): Promise<number> {
  const admin = new KafkaTransport({ brokers, topic, partitions: 4, retentionMs: -1, clientId: 'broker-lost-test' }).admin();
  await admin.connect();
  try {
    const [found] = (await admin.fetchTopicMetadata({ topics: [topic] })).topics;
    const led = new Map<number, number>();
    for (const partition of found!.partitions) {
      expect(partition.replicas).toHaveLength(3);
      led.set(partition.leader, (led.get(partition.leader) ?? 0) + 1);
    }
    return [...led.entries()].sort((a, b) => b[1] - a[1])[0]![0];
  } finally {
    await admin.disconnect();
  }
}

describe('one broker of three lost under load', () => {
  it('loses and doubles nothing acknowledged, and the read models equal a clean rebuild', { timeout: 600_000 }, async (context) => {
    if (!cluster) return context.skip();
    const [command, query, ...projectors] = processes;
    const admin = new KafkaTransport({ brokers: cluster.brokers, topic, partitions: 4, retentionMs: -1, clientId: 'broker-lost-cluster' }).admin();
    await admin.connect();
    expect((await admin.describeCluster()).brokers).toHaveLength(3);
    await admin.disconnect();
    const writers = await Promise.all(Array.from({ length: WRITERS }, () => staffOn(command!.url)));
    const reader = writers[0]!.pointedAt(query!.url);

    // A steady load: each writer creates a project and renames it, again and again, until told to stop.
    const names = new Map<string, string>();
    const createdAfterLoss = new Set<string>();
    const refused: string[] = [];
    let acknowledged = 0;
    let brokerLost = false;
    let stopping = false;
    const load = writers.map(async (writer, w) => {
      for (let round = 0; !stopping && names.size < MAX_PROJECTS; round++) {
        const created = await writer.post('/api/projects/', { name: `P ${w}-${round}`, fabrics: [] });
        if (created.status !== 201) {
          refused.push(`create ${w}-${round}: ${created.status} ${created.text.slice(0, 120)}`);
          continue;
        }
        acknowledged++;
        names.set(created.body.id, `P ${w}-${round}`);
        if (brokerLost) createdAfterLoss.add(created.body.id);
        const renamed = await writer.put(`/api/projects/${created.body.id}/`, { name: `R ${w}-${round}`, fabrics: [] });
        if (renamed.status !== 200) {
          refused.push(`rename ${w}-${round}: ${renamed.status} ${renamed.text.slice(0, 120)}`);
          continue;
        }
        acknowledged++;
        names.set(created.body.id, `R ${w}-${round}`);
      }
    });
    // One page holds them all: the load stops well before the page's maximum (see `stopping`).
    const listed = async () => (await reader.get('/api/internal/projects/?limit=500')).body as Array<{ id: string; name: string }>;

    // The topology is carrying the load (commands are reaching the read models through Kafka)...
    await eventually(async () => acknowledged, (count) => count >= COMMANDS_PER_PHASE);
    const flowing = await eventually(listed, (rows) => rows.length >= 10);
    expect(flowing.length).toBeGreaterThanOrEqual(10);

    // ...when the broker leading most of the topic's partitions dies.
    const victim = await busiestLeader(cluster.brokers);
    await cluster.nodes.find((node) => node.id === victim)!.crash();
    brokerLost = true;
    const atLoss = acknowledged;

    // The load goes on, and commands made after the loss reach the read models on two brokers.
    await eventually(async () => acknowledged, (count) => count >= atLoss + COMMANDS_PER_PHASE);
    const afterLoss = await eventually(listed, (rows) => rows.some((row) => createdAfterLoss.has(row.id)));
    expect(afterLoss.some((row) => createdAfterLoss.has(row.id)), 'a project created after the broker was lost is listed').toBe(true);
    stopping = true;
    await Promise.all(load);
    expect(refused).toEqual([]);

    // Every acknowledged command is in the read models, once.
    const list = await eventually(listed, (rows) => rows.length === names.size && rows.every((row) => names.get(row.id) === row.name));
    expect(list).toHaveLength(names.size);
    expect(new Set(list.map((row) => row.id)).size).toBe(names.size);
    for (const row of list) expect(row.name, row.id).toBe(names.get(row.id));
    const lag = await eventually(
      () => readProjectionLag(db.pool, allProjections.map((projection) => projection.name)),
      (rows) => rows.every((row) => row.lagEvents === 0),
    );
    expect(lag.filter((row) => row.lagEvents > 0)).toEqual([]);

    // Kafka delivered it all: no gap was filled from the store and nothing was parked, the relay
    // and the consumer group are at the end of the topic (each projectors process's /metrics).
    for (const projector of projectors) {
      const metrics = await eventually(
        async () => (await fetch(`${projector!.url}/metrics`)).text(),
        (text) => samples(text, 'kafka_consumer_lag_messages').length === 4 && samples(text, 'kafka_consumer_lag_messages').every((value) => value === 0),
      );
      expect(samples(metrics, 'kafka_consumer_lag_messages'), metrics).toEqual([0, 0, 0, 0]);
      expect(samples(metrics, 'kafka_relay_lag_events')).toEqual([0]);
      expect(samples(metrics, 'kafka_stream_gaps_filled_total')).toEqual([0]);
      expect(samples(metrics, 'kafka_stream_gaps_parked_total')).toEqual([0]);
    }

    // A clean rebuild from the event store, into its own schema, equals what Kafka built.
    const store = protectPersonalData(new PostgresEventStore(db.pool), db.pool);
    for (const projection of allProjections) {
      const rebuilt = (await rebuildInOnePass({ pool: db.pool, eventStore: store }, [projection], { until: new Date('2999-01-01'), label: 'compare' }))[0]!;
      for (const table of projection.tables) {
        expect(await tableRows('public', table), `${projection.name}.${table}`).toEqual(await tableRows(rebuilt.schema, table));
      }
    }
  });
});
