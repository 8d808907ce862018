import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createLogger, readParkedStreams, requestParkedRetry, type NewEvent, type PoolClient, type StoredEvent } from '@shop/infra';
import { PostgresEventStore } from '@shop/event-store';
import { createTestDatabase, type TestDatabase } from '@shop/infra/testing';
import { applyBatchToAll } from './apply-batch.js';
import { endWatch, ServerRestartedError, startWatch } from './unflushed-watch.js';
import { eachEvent, type Projection } from './projection.js';
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
  version: 1,
  handles: ['Counted'],
  tables: ['tally'],
  apply: eachEvent(async (client: PoolClient, event: StoredEvent) => {
    if (failOn?.(event)) throw new Error('cannot handle this one');
    await client.query(
      `INSERT INTO tally (stream_id, count) VALUES ($1, 1)
       ON CONFLICT (stream_id) DO UPDATE SET count = tally.count + 1`,
      [`${name}:${event.streamId}`],
    );
  }),
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

async function watches(): Promise<number> {
  return (await db.pool.query('SELECT 1 FROM projection_unflushed_watches')).rowCount ?? 0;
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
    await store.appendToStream(stream, [counted(1), counted(2, 'NoteAdded'), counted(3)]);
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

  it('with unflushedBatches, applies again what the server lost when a crash recovery emptied its watch, and tells its listeners', async () => {
    const store = new PostgresEventStore(db.pool, { pollIntervalMs: 20 });
    const stream = `s-${randomUUID()}`;
    await store.appendToStream(stream, [counted(1)]);
    const runner = new ProjectionRunner({ pool: db.pool, eventStore: store, logger, unflushedBatches: true, retryIntervalMs: 50 }, [tally('unflushed')]);
    let told = 0;
    runner.onServerRestart(() => told++);
    await runner.start();
    await waitFor(async () => (await count(`unflushed:${stream}`)) === 1);
    expect(await watches()).toBe(1);

    // What a crash recovery does: unflushed commits lost (the batch's rows, revisions and checkpoint
    // together) and the UNLOGGED watches emptied. Killing a backend of the shared test server would
    // reinitialise it under every other test file, so both are done by hand.
    await db.pool.query('DELETE FROM tally WHERE stream_id = $1', [`unflushed:${stream}`]);
    await db.pool.query("DELETE FROM projection_stream_revisions WHERE projection = 'unflushed'");
    await db.pool.query("DELETE FROM projection_checkpoints WHERE name = 'unflushed'");
    await db.pool.query('DELETE FROM projection_unflushed_watches');
    await waitFor(async () => (await count(`unflushed:${stream}`)) === 1);
    expect(told).toBe(1);
    expect(await watches()).toBe(1);
    await store.appendToStream(stream, [counted(2)]);
    await waitFor(async () => (await count(`unflushed:${stream}`)) === 2);
    await runner.stop();
    expect(await watches()).toBe(0);
  });

  it('an unflushed batch whose watch a crash recovery emptied writes nothing', async () => {
    const store = new PostgresEventStore(db.pool);
    const stream = `s-${randomUUID()}`;
    await store.appendToStream(stream, [counted(1)]);
    const events = await store.readStream(stream);
    await expect(applyBatchToAll(db.pool, [tally('stale')], events, { saveGlobalCheckpoint: true, unflushedWatch: 'a watch that is gone' })).rejects.toBeInstanceOf(ServerRestartedError);
    expect(await count(`stale:${stream}`)).toBe(0);
    const checkpoint = await db.pool.query("SELECT 1 FROM projection_checkpoints WHERE name = 'stale'");
    expect(checkpoint.rowCount).toBe(0);
    const watch = await startWatch(db.pool, null);
    await applyBatchToAll(db.pool, [tally('stale')], events, { saveGlobalCheckpoint: true, unflushedWatch: watch });
    expect(await count(`stale:${stream}`)).toBe(1);
    await endWatch(db.pool, watch);
  });

  it('keeps its watches in a table PostgreSQL empties after a crash recovery', async () => {
    const { rows } = await db.pool.query<{ persistence: string }>("SELECT relpersistence AS persistence FROM pg_class WHERE relname = 'projection_unflushed_watches'");
    expect(rows[0]?.persistence).toBe('u');
  });

  it('with checkpointOnlyWhenUnhandled, moves only the checkpoint past a batch it handles nothing of, and still applies a later handled event of that stream once', async () => {
    const store = new PostgresEventStore(db.pool, { pollIntervalMs: 20 });
    const stream = `quiet-${randomUUID()}`;
    const checkpoint = async () => Number((await db.pool.query<{ position: string }>(`SELECT global_position AS position FROM projection_checkpoints WHERE name = 'outbox-like'`)).rows[0]?.position);
    const revisionRows = async () => (await db.pool.query(`SELECT 1 FROM projection_stream_revisions WHERE projection = 'outbox-like' AND stream_id = $1`, [stream])).rowCount;
    const options = { pool: db.pool, eventStore: store, logger, checkpointOnlyWhenUnhandled: true };
    // Caught up with the earlier tests' events first, so the quiet stream's batch holds nothing else.
    const before = `before-${randomUUID()}`;
    await store.appendToStream(before, [counted(1)]);
    const runner = new ProjectionRunner(options, [tally('outbox-like')]);
    try {
      await runner.start();
      await waitFor(async () => (await count(`outbox-like:${before}`)) === 1);
      const caughtUp = runner.status('outbox-like').position;
      await store.appendToStream(stream, [counted(1, 'NoteAdded'), counted(2, 'NoteAdded')]);
      await waitFor(() => runner.status('outbox-like').position > caughtUp);
      expect(await checkpoint()).toBe(runner.status('outbox-like').position);
      expect(await revisionRows()).toBe(0);

      await store.appendToStream(stream, [counted(3)]);
      await waitFor(async () => (await count(`outbox-like:${stream}`)) === 1);
    } finally {
      await runner.stop();
    }
    // A second runner from the stored checkpoint applies nothing twice.
    const again = new ProjectionRunner(options, [tally('outbox-like')]);
    try {
      await again.start();
      await store.appendToStream(stream, [counted(4, 'NoteAdded')]);
      await waitFor(async () => (await checkpoint()) > 0 && again.status('outbox-like').position === (await checkpoint()));
    } finally {
      await again.stop();
    }
    expect(await count(`outbox-like:${stream}`)).toBe(1);
    expect(await revisionRows()).toBe(1);
  });

  it('parks the stream of an event a projection rejects, goes on with the others, and applies it once on a retry after the fix', async () => {
    const store = new PostgresEventStore(db.pool, { pollIntervalMs: 20 });
    const [sick, healthy] = [`sick-${randomUUID()}`, `healthy-${randomUUID()}`];
    const poison = counted(2);
    let fixed = false;
    const runner = new ProjectionRunner({ pool: db.pool, eventStore: store, logger, retryIntervalMs: 50 }, [
      tally('fragile', (event) => !fixed && event.id === poison.id),
      tally('sturdy'),
    ]);
    await runner.start();
    await store.appendToStream(sick, [counted(1)]);
    await store.appendToStream(healthy, [counted(1)]);
    await store.appendToStream(sick, [poison, counted(3)]);
    await store.appendToStream(healthy, [counted(2), counted(3)]);

    // Parked and reported; every other stream and projection kept up, the sick stream's later event waits.
    await waitFor(async () => (await count(`fragile:${healthy}`)) === 3 && (await count(`sturdy:${sick}`)) === 3);
    const [parked] = (await readParkedStreams(db.pool)).filter((row) => row.streamId === sick);
    expect(parked).toMatchObject({ projection: 'fragile', eventId: poison.id, eventType: 'Counted', eventRevision: 1, appliedRevision: 0, retryRequestedAt: null });
    expect(parked!.error).toContain('cannot handle this one');
    expect(await count(`fragile:${sick}`)).toBe(1);
    expect(runner.status('fragile').failure).toBeNull();

    // A retry before the fix records the failure again and keeps the stream parked.
    expect(await requestParkedRetry(db.pool, 'fragile', sick)).toBe(true);
    await waitFor(async () => (await readParkedStreams(db.pool)).find((row) => row.streamId === sick)?.retryRequestedAt === null);
    expect(await count(`fragile:${sick}`)).toBe(1);

    // After the fix: applied once, in order, the later event too; new events flow as usual.
    fixed = true;
    expect(await requestParkedRetry(db.pool, 'fragile', sick)).toBe(true);
    await waitFor(async () => (await readParkedStreams(db.pool)).every((row) => row.streamId !== sick));
    await store.appendToStream(sick, [counted(4)]);
    await waitFor(async () => (await count(`fragile:${sick}`)) === 4);
    await new Promise((resolve) => setTimeout(resolve, 200));
    await runner.stop();
    expect(await count(`fragile:${sick}`)).toBe(4);
    expect(await count(`sturdy:${sick}`)).toBe(4);
    expect(await requestParkedRetry(db.pool, 'fragile', sick)).toBe(false);
  });

  it('parks the stream of an event of a type neither the projection nor the domain knows, with a log line naming the type and the stream (decision 0356)', async () => {
    const store = new PostgresEventStore(db.pool, { pollIntervalMs: 20 });
    const lines: string[] = [];
    const captured = createLogger('error', 'shop', { pretty: false, destination: { write: (line: string) => lines.push(line) } });
    const [strange, plain] = [`strange-${randomUUID()}`, `plain-${randomUUID()}`];
    const runner = new ProjectionRunner({ pool: db.pool, eventStore: store, logger: captured, retryIntervalMs: 50 }, [tally('careful')]);
    await runner.start();
    try {
      await store.appendToStream(strange, [counted(1), counted(2, 'FromTheFuture'), counted(3)]);
      await store.appendToStream(plain, [counted(1), counted(2, 'NoteAdded'), counted(3)]);
      await waitFor(async () => (await count(`careful:${plain}`)) === 2 && (await readParkedStreams(db.pool)).some((row) => row.streamId === strange));
      const [parked] = (await readParkedStreams(db.pool)).filter((row) => row.streamId === strange);
      expect(parked).toMatchObject({ projection: 'careful', eventType: 'FromTheFuture', eventRevision: 1, appliedRevision: 0 });
      expect(await count(`careful:${strange}`)).toBe(1);
      const line = lines.map((text) => JSON.parse(text) as { msg: string; streamId: string }).find((entry) => entry.streamId === strange);
      expect(line?.msg).toContain(`Unknown event type FromTheFuture in stream ${strange}`);
      expect(line?.msg).toMatch(/stream parked$/);
    } finally {
      await runner.stop();
    }
  });
});
