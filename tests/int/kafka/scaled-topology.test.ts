import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { PostgresEventStore } from '@shop/event-store';
import { protectPersonalData } from '@shop/personal-data';
import { createTestDatabase, type TestDatabase } from '@shop/infra/testing';
import { allProjections, rebuildInOnePass } from '@shop/projectors';
import { ApiClient } from '../../support/http-client.js';
import { sharedTestKafka, type TestKafka } from '../../support/kafka.js';
import { startRole, type RoleProcess } from '../../support/processes.js';

/**
 * The scaled topology for real: two command-api processes, a query-api process and two
 * projector processes, each its own OS process, sharing one PostgreSQL and one Kafka topic.
 * Faults: the broker is stopped and restarted mid-stream, a projector process is SIGKILLed
 * mid-stream and started again, and a third projector joins and leaves while commands flow. The read models must end equal to a clean rebuild
 * from the event store, with every command reflected once.
 */
const STAFF = { email: 'staff@scaled.test', password: 'Staff-Pass1' };

let db: TestDatabase;
let kafka: TestKafka | null;
const processes: RoleProcess[] = [];
let env: Record<string, string>;

beforeAll(async () => {
  kafka = await sharedTestKafka();
  if (!kafka) return;
  db = await createTestDatabase(inject('adminDatabaseUrl'));
  env = {
    DATABASE_URL: db.url,
    KAFKA_BROKERS: kafka.brokers,
    KAFKA_TOPIC: `scaled-${randomUUID().slice(0, 8)}`,
    KAFKA_PARTITIONS: '4',
    DATA_DIR: await mkdtemp(path.join(os.tmpdir(), 'shop-scaled-')),
    STAFF_EMAIL: STAFF.email,
    STAFF_PASSWORD: STAFF.password,
  };
  // The first process migrates and seeds; the rest start after it.
  processes.push(await startRole('command', env));
  processes.push(...(await Promise.all([startRole('command', env), startRole('query', env), startRole('projectors', env), startRole('projectors', env)])));
}, 240_000);

afterAll(async () => {
  await Promise.all(processes.map((p) => p.stop().catch(() => undefined)));
  await db?.drop();
  await kafka?.stop();
});

async function staffOn(url: string): Promise<ApiClient> {
  const client = new ApiClient(url);
  await client.get('/api/openapi.json');
  const login = await client.post('/api/sessions/', STAFF);
  expect(login.status, login.text).toBe(200);
  return client;
}

async function eventually<T>(probe: () => Promise<T>, ok: (value: T) => boolean, timeoutMs = 90_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (ok(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** Every row of a table in a stable order, for comparing two schemas. */
async function tableRows(schema: string, table: string): Promise<string[]> {
  const result = await db.pool.query(`SELECT t::text AS row FROM "${schema}"."${table}" t ORDER BY 1`);
  return result.rows.map((row: { row: string }) => row.row);
}

describe('scaled topology through Kafka', () => {
  it('reflects every command once, across a broker restart, a projector SIGKILL and a third projector joining and leaving, equal to a clean rebuild', async (context) => {
    if (!kafka) return context.skip();
    const [commandA, commandB, query] = processes;
    const writers = [await staffOn(commandA!.url!), await staffOn(commandB!.url!)];
    const names = new Map<string, string>();
    const send = async (round: number) => {
      for (let i = 0; i < 10; i++) {
        const writer = writers[i % 2]!;
        const created = await writer.post('/api/projects/', { name: `Project ${round}-${i}`, fabrics: [] });
        expect(created.status, created.text).toBe(201);
        const renamed = await writers[(i + 1) % 2]!.put(`/api/projects/${created.body.id}/`, { name: `Renamed ${round}-${i}`, fabrics: [] });
        expect(renamed.status, renamed.text).toBe(200);
        names.set(created.body.id, `Renamed ${round}-${i}`);
      }
    };

    await send(1);
    const brokerRestart = kafka.restart ? kafka.restart() : Promise.resolve();
    await send(2);
    await brokerRestart;
    // Kill a projector while commands are flowing, so it dies with work in hand.
    const victim = processes[3]!;
    const sending = send(3);
    await new Promise((resolve) => setTimeout(resolve, 300));
    await victim.crash();
    await sending;
    processes[3] = await startRole('projectors', env);
    await send(4);
    // Rebalances: a third projector joins while commands flow, then leaves while they still flow.
    // Partitions move twice with batches in hand; the revision rows locked per stream must keep
    // an overlap from applying anything twice (the rebuild comparison below would show it).
    const [third] = await Promise.all([startRole('projectors', env), send(5)]);
    processes.push(third);
    await send(6);
    const sendingWhileLeaving = send(7);
    await new Promise((resolve) => setTimeout(resolve, 300));
    await third.stop();
    await sendingWhileLeaving;
    await send(8);

    const reader = writers[0]!.pointedAt(query!.url!);
    const list = await eventually(
      async () => (await reader.get('/api/internal/projects/')).body as Array<{ id: string; name: string }>,
      (rows) => rows.length === names.size && rows.every((row) => names.get(row.id) === row.name),
    );
    expect(list).toHaveLength(names.size);
    expect(new Set(list.map((row) => row.id)).size).toBe(names.size);
    for (const row of list) expect(row.name).toBe(names.get(row.id));

    // A clean rebuild from the event store, into its own schema, must equal what Kafka built.
    // Read as the shop reads: personal fields opened, as the Kafka consumers open them.
    const store = protectPersonalData(new PostgresEventStore(db.pool), db.pool);
    for (const projection of allProjections) {
      const rebuilt = (await rebuildInOnePass({ pool: db.pool, eventStore: store }, [projection], { until: new Date('2999-01-01'), label: 'compare' }))[0]!;
      for (const table of projection.tables) {
        expect(await tableRows('public', table), `${projection.name}.${table}`).toEqual(await tableRows(rebuilt.schema, table));
      }
    }
  }, 300_000);
});
