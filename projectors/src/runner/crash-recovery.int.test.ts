import { randomUUID } from 'node:crypto';
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger, readProjectionLag, startEmbeddedPostgres, type EmbeddedPostgresHandle, type NewEvent, type PoolClient } from '@shop/infra';
import { PostgresEventStore } from '@shop/event-store';
import { createTestDatabase, type TestDatabase } from '@shop/infra/testing';
import { eachEvent, type Projection } from './projection.js';
import { ProjectionRunner } from './projection-runner.js';

/**
 * Decision 0294 with a real crash: a backend killed with SIGKILL makes PostgreSQL end every
 * connection and run crash recovery, which empties UNLOGGED tables (the runner's watch). The test
 * runs on a PostgreSQL of its own: a crash of the shared test server would cut every other test
 * file's connections.
 */
let server: EmbeddedPostgresHandle;
let db: TestDatabase;
beforeAll(async () => {
  server = await startEmbeddedPostgres({ dataDir: await mkdtemp(path.join(os.tmpdir(), 'shop-crash-pg-')), ephemeral: true, database: 'postgres' });
  db = await createTestDatabase(server.databaseUrl);
  await db.pool.query('CREATE TABLE tally (stream_id text PRIMARY KEY, count int NOT NULL)');
}, 60_000);
afterAll(async () => {
  await db?.drop().catch(() => undefined);
  await server?.stop();
});

const tally: Projection = {
  name: 'crash',
  version: 1,
  handles: ['Counted'],
  tables: ['tally'],
  apply: eachEvent(async (client: PoolClient, event) => {
    await client.query('INSERT INTO tally (stream_id, count) VALUES ($1, 1) ON CONFLICT (stream_id) DO UPDATE SET count = tally.count + 1', [event.streamId]);
  }),
};

const counted = (): NewEvent => ({
  id: randomUUID(),
  type: 'Counted',
  data: {},
  metadata: { actor: 'test', correlationId: randomUUID(), causationId: null, occurredAt: new Date(0).toISOString() },
});

/** The count, or null while the server is still recovering and refuses connections. */
async function count(stream: string): Promise<number | null> {
  try {
    const { rows } = await db.pool.query<{ count: number }>('SELECT count FROM tally WHERE stream_id = $1', [stream]);
    return rows[0]?.count ?? 0;
  } catch {
    return null;
  }
}

async function waitFor(condition: () => Promise<boolean>, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function watches(): Promise<number> {
  const { rows } = await db.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM projection_unflushed_watches');
  return rows[0]!.n;
}

/** Kills one backend of the server with SIGKILL: the postmaster then resets every backend and recovers. */
async function crashTheServer(): Promise<void> {
  const client = await db.pool.connect();
  const { rows } = await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
  process.kill(rows[0]!.pid, 'SIGKILL');
  client.release(true);
}

describe('an unflushed projection runner through a real crash of PostgreSQL', () => {
  it('notices the crash recovery, tells its listeners, and every event is counted once', async () => {
    const store = new PostgresEventStore(db.pool, { pollIntervalMs: 20 });
    const stream = `s-${randomUUID()}`;
    await store.appendToStream(stream, [counted()]);
    const runner = new ProjectionRunner({ pool: db.pool, eventStore: store, logger: createLogger('silent'), unflushedBatches: true, retryIntervalMs: 100 }, [tally]);
    let told = 0;
    runner.onServerRestart(() => told++);
    await runner.start();
    try {
      await waitFor(async () => (await count(stream)) === 1);

      await crashTheServer();
      await waitFor(async () => told === 1);
      await waitFor(async () => (await watches()) === 1); // its new watch, after recovery emptied the old one (it tells its listeners first)
      // Whether the crash lost the batch (unflushed) or kept it depends on the disk's timing: once the
      // runner has read to the log's end again, the event counts once either way.
      await waitFor(async () => (await readProjectionLag(db.pool, [tally.name]))[0]?.lagEvents === 0);
      expect(await count(stream)).toBe(1);

      await store.appendToStream(stream, [counted()]);
      await waitFor(async () => (await count(stream)) === 2);
    } finally {
      await runner.stop();
    }
  }, 60_000);
});
