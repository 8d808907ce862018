import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { decideProject, evolveProject, initialProjectState, type ProjectCommand } from '@shop/domain';
import { checkpointsReached, createLogger, readLogHead, type NewEvent, type PoolClient, type StoredEvent } from '@shop/infra';
import { PostgresEventStore } from '@shop/event-store';
import { createTestDatabase, seededRandom, type TestDatabase } from '@shop/infra/testing';
import { eachEvent, allProjections, ProjectionRunner, readModelMigrationDirs, type Projection } from '@shop/projectors';

/**
 * 16 writers append 10,000 real project events with random commit delays, so positions are
 * taken in one order and committed in another, while every projection follows along.
 * Each projection must see every event exactly once.
 */
const WRITERS = 16;
const EVENTS_PER_WRITER = 625;

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase(inject('adminDatabaseUrl'), readModelMigrationDirs);
  await db.pool.query('CREATE TABLE seen_once (event_id uuid PRIMARY KEY, stream_id text NOT NULL, revision int NOT NULL)');
});
afterAll(async () => {
  await db?.drop();
});

/** Fails (and so stops) on a second delivery of any event, thanks to the primary key. */
const exactlyOnce: Projection = {
  name: 'exactly-once-probe',
  version: 1,
  handles: ['ProjectCreated', 'DraftSaved'],
  tables: ['seen_once'],
  apply: eachEvent(async (client: PoolClient, event: StoredEvent) => {
    await client.query('INSERT INTO seen_once (event_id, stream_id, revision) VALUES ($1, $2, $3)', [event.id, event.streamId, event.revision]);
  }),
};


/** Real project events from the decider: a creation, then draft saves. */
function projectEvents(projectId: string, userId: string, count: number): NewEvent[][] {
  const actor = { userId, isStaff: false };
  const at = '2026-03-01T10:00:00.000Z';
  let state = initialProjectState();
  const batches: NewEvent[][] = [];
  for (let n = 0; n < count; n++) {
    const draft = { name: `Pillows ${n}`, fabrics: [] };
    const command: ProjectCommand =
      n === 0 ? { type: 'CreateProject', projectId, orderNumber: 1001, ownerId: userId, draft, at, actor } : { type: 'SaveDraft', draft, at, actor };
    const events = decideProject(command, state);
    state = events.reduce(evolveProject, state);
    batches.push(
      events.map((event) => ({
        id: randomUUID(),
        type: event.type,
        data: event.data as Record<string, unknown>,
        metadata: { actor: userId, correlationId: randomUUID(), causationId: null, occurredAt: at },
      })),
    );
  }
  return batches;
}

describe('16 concurrent writers with random commit delays', () => {
  it('every projection sees every one of 10,000 events exactly once', async () => {
    const random = seededRandom(7);
    const store = new PostgresEventStore(db.pool, {
      pollIntervalMs: 20,
      beforeCommit: () => new Promise((resolve) => setTimeout(resolve, Math.floor(random() * 8))),
    });
    const runner = new ProjectionRunner({ pool: db.pool, eventStore: store, logger: createLogger('silent') }, [...allProjections, exactlyOnce]);
    await runner.start();
    const writers = Array.from({ length: WRITERS }, () => ({ projectId: randomUUID(), userId: randomUUID() }));
    await Promise.all(
      writers.map(async ({ projectId, userId }) => {
        for (const [revision, events] of projectEvents(projectId, userId, EVENTS_PER_WRITER).entries()) {
          await store.appendToStream(`project-${projectId}`, events, { expectedRevision: revision === 0 ? 'no_stream' : revision - 1 });
        }
      }),
    );
    const total = WRITERS * EVENTS_PER_WRITER;
    const deadline = Date.now() + 120_000;
    const projected = async () => Number((await db.pool.query('SELECT count(*) AS n FROM seen_once')).rows[0].n);
    while ((await projected()) < total && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
    // Let the other projections finish the same log (its last event in reading order, not the highest position).
    const head = await readLogHead(db.pool);
    while (!(await checkpointsReached(db.pool, head)) && !runner.allStatuses().some((s) => s.failure) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await runner.stop();

    expect(runner.allStatuses().filter((status) => status.failure)).toEqual([]);
    expect(await projected()).toBe(total);
    for (const projection of [...allProjections, exactlyOnce]) {
      const revisions = await db.pool.query<{ stream_id: string; revision: string }>(
        'SELECT stream_id, revision FROM projection_stream_revisions WHERE projection = $1 AND stream_id LIKE $2',
        [projection.name, 'project-%'],
      );
      expect(revisions.rows, projection.name).toHaveLength(WRITERS);
      expect(new Set(revisions.rows.map((row) => Number(row.revision))), projection.name).toEqual(new Set([EVENTS_PER_WRITER - 1]));
    }
  }, 180_000);
});
