import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createLogger, createPool } from '@shop/infra';
import { PostgresEventStore } from '@shop/event-store';
import { createTestDatabase, type TestDatabase } from '@shop/infra/testing';
import { allProjections, ProjectionRunner, readModelMigrationDirs, rebuildAll } from '@shop/projectors';
import { loadEvents } from '../../support/event-history.js';
import { appendDomainEvents, projectEvents as e } from './support/domain-events.js';
import { fingerprint, waitCaughtUp } from './support/read-model-fingerprint.js';

const policy = { minEvents: 2_000, minShareOfLog: 0.25 };
const logger = createLogger('silent');

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase(inject('adminDatabaseUrl'), readModelMigrationDirs);
}, 120_000);
afterAll(async () => {
  await db?.drop();
});

async function tablesNow(): Promise<Map<string, Record<string, string>>> {
  const prints = new Map<string, Record<string, string>>();
  for (const projection of allProjections) prints.set(projection.name, await fingerprint(db.pool, projection));
  return prints;
}

describe('a runner that was down', () => {
  it('replays a long backlog in one pass, then follows the log without losing or repeating an event', { timeout: 300_000 }, async () => {
    const eventStore = new PostgresEventStore(db.pool, { pollIntervalMs: 50 });
    const [first, second] = await loadEvents(db.pool, 5_000);
    // As the one-process shop runs it: batches on two connections of their own (decision 0289),
    // which the replay must not take (its locks alone hold two: it would wait for itself).
    const batchPool = createPool(db.url, 2);
    const runner = new ProjectionRunner({ pool: db.pool, batchPool, eventStore, logger, catchUpReplay: policy }, allProjections);
    await runner.start();
    // Appended while the replay runs (folded by it, its swap's catch-up or the subscription after it) ...
    await appendDomainEvents(db.pool, `project-${first}`, [e.noteAdded('2026-06-02T09:00:00.000Z', 'staff', 'during', 'while replaying')]);
    await waitCaughtUp(db.pool);
    // ... and after it.
    await appendDomainEvents(db.pool, `project-${second}`, [e.noteAdded('2026-06-02T10:00:00.000Z', 'staff', 'after', 'after the replay')]);
    await waitCaughtUp(db.pool);
    await runner.stop();
    await batchPool.end();
    expect(runner.lastReplay?.events).toBeGreaterThanOrEqual(5_000);

    const notes = await db.pool.query<{ n: number }>("SELECT count(*)::int AS n FROM project_details WHERE stream_state::text LIKE '%the replay%' OR stream_state::text LIKE '%while replaying%'");
    expect(notes.rows[0]!.n).toBe(2);
    // Each event exactly once: the same tables as a rebuild of the whole log.
    const caughtUp = await tablesNow();
    await rebuildAll({ pool: db.pool, eventStore }, allProjections);
    expect(await tablesNow()).toEqual(caughtUp);
  });

  it('catches a short backlog up batch by batch', { timeout: 120_000 }, async () => {
    const eventStore = new PostgresEventStore(db.pool, { pollIntervalMs: 50 });
    await loadEvents(db.pool, 1_000); // 1,000 behind a log of 6,002: under both thresholds
    const runner = new ProjectionRunner({ pool: db.pool, eventStore, logger, catchUpReplay: policy }, allProjections);
    await runner.start();
    await waitCaughtUp(db.pool);
    await runner.stop();
    expect(runner.lastReplay).toBeNull();
    expect(runner.status('projects').eventsApplied).toBe(1_000);
  });
});
