import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createLogger, PostgresEventStore, type NewEvent, type PoolClient, type StoredEvent } from '@shop/infra';
import { createTestDatabase, type TestDatabase } from '@shop/infra/testing';
import { loadCheckpoint } from './checkpoints.js';
import type { Projection } from './projection.js';
import { ProjectionRunner } from './projection-runner.js';

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase(inject('adminDatabaseUrl'));
  await db.pool.query('CREATE TABLE tally (stream_id text PRIMARY KEY, count int NOT NULL)');
});
afterAll(async () => {
  await db?.drop();
});

const tally = (name: string, failOn?: (event: StoredEvent) => boolean): Projection => ({
  name,
  handles: ['Counted'],
  tables: ['tally'],
  apply: async (client: PoolClient, event: StoredEvent) => {
    if (failOn?.(event)) throw new Error('cannot handle this one');
    await client.query(
      `INSERT INTO tally (stream_id, count) VALUES ($1, 1)
       ON CONFLICT (stream_id) DO UPDATE SET count = tally.count + 1`,
      [`${name}:${event.streamId}`],
    );
  },
});

const counted = (n: number, type = 'Counted'): NewEvent => ({
  id: randomUUID(),
  type,
  data: { n },
  metadata: { actor: 'test', correlationId: randomUUID(), causationId: null, occurredAt: new Date(0).toISOString() },
});

async function count(key: string): Promise<number> {
  const result = await db.pool.query<{ count: number }>('SELECT count FROM tally WHERE stream_id = $1', [key]);
  return result.rows[0]?.count ?? 0;
}

async function waitFor(condition: () => Promise<boolean> | boolean, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('projection runner', () => {
  const logger = createLogger('silent');

  it('applies handled events, skips others, and resumes from its checkpoint after a restart', async () => {
    const store = new PostgresEventStore(db.pool, { pollIntervalMs: 20 });
    const stream = `s-${randomUUID()}`;
    await store.appendToStream(stream, [counted(1), counted(2, 'Ignored'), counted(3)]);
    const first = new ProjectionRunner({ pool: db.pool, eventStore: store, logger }, [tally('resume')]);
    await first.start();
    await waitFor(async () => (await count(`resume:${stream}`)) === 2);
    await first.stop();

    await store.appendToStream(stream, [counted(4)]);
    const second = new ProjectionRunner({ pool: db.pool, eventStore: store, logger }, [tally('resume')]);
    await second.start();
    await waitFor(async () => (await count(`resume:${stream}`)) === 3);
    await second.stop();
    expect(await count(`resume:${stream}`)).toBe(3);
  });

  it('stops a failing projection on the event, keeps its checkpoint before it, and lets others go on', async () => {
    const store = new PostgresEventStore(db.pool, { pollIntervalMs: 20 });
    const stream = `s-${randomUUID()}`;
    const poison = counted(2);
    await store.appendToStream(stream, [counted(1)]);
    const runner = new ProjectionRunner({ pool: db.pool, eventStore: store, logger, batchSize: 1 }, [
      tally('fragile', (event) => event.id === poison.id),
      tally('sturdy'),
    ]);
    await runner.start();
    await store.appendToStream(stream, [poison, counted(3)]);
    await waitFor(() => runner.status('fragile').failure !== null);
    await waitFor(async () => (await count(`sturdy:${stream}`)) === 3);
    await new Promise((resolve) => setTimeout(resolve, 200));
    await runner.stop();

    expect(runner.status('fragile').failure).toContain(poison.id);
    expect(runner.status('fragile').failure).toContain('cannot handle this one');
    expect(await count(`fragile:${stream}`)).toBe(1);
    const [stored] = (await store.readStream(stream)).filter((event) => event.id === poison.id);
    const checkpoint = await loadCheckpoint(db.pool, 'fragile');
    expect(checkpoint.position).toBeLessThan(stored!.globalPosition);
  });
});
