import { afterAll, beforeAll, describe, expect, inject, it, onTestFinished } from 'vitest';
import { createTestDatabase, type TestDatabase } from '@shop/infra/testing';
import { ProjectionProgress, type AppliedBatch } from './projection-progress.js';

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase(inject('adminDatabaseUrl'));
});
afterAll(async () => {
  await db?.drop();
});

const applied = (streamId: string, revision: number, parkedRevision: number | null = null) =>
  db.pool.query(
    `INSERT INTO projection_stream_revisions (projection, stream_id, revision, parked_revision) VALUES ('projects', $1, $2, $3)
     ON CONFLICT (projection, stream_id) DO UPDATE SET revision = EXCLUDED.revision, parked_revision = EXCLUDED.parked_revision`,
    [streamId, revision, parkedRevision],
  );

const batchOf = (revisions: Record<string, number>, projection = 'projects'): AppliedBatch => ({ projection, revisions: new Map(Object.entries(revisions)) });

/** Counts the statements sent through the pool until the test ends. */
function countQueries(): () => number {
  let count = 0;
  const query = db.pool.query;
  db.pool.query = function (this: unknown, ...args: unknown[]) {
    count++;
    return (query as (...given: unknown[]) => unknown).apply(db.pool, args);
  } as typeof db.pool.query;
  onTestFinished(() => {
    db.pool.query = query;
  });
  return () => count;
}

/**
 * Following the projectors of its own process (decision 0235), a waiting read asks again when a
 * batch with its stream was applied. Its fallback poll here is a minute, so a read that ends well
 * before that was woken by the batch, not by the timer.
 */
describe('ProjectionProgress following the in-process runner', () => {
  it('wakes a waiting read when a batch with its stream was applied, and only then', async () => {
    let report: (batch: AppliedBatch) => void = () => undefined;
    const progress = new ProjectionProgress(db.pool, 60_000);
    progress.follow((listener) => (report = listener));
    const started = Date.now();
    let outcome: string | null = null;
    const waiting = progress.waitFor(['projects'], [{ streamId: 'project-a', revision: 0 }], 120_000).then((result) => (outcome = result));
    await new Promise((resolve) => setTimeout(resolve, 200));
    report(batchOf({ 'project-b': 0 }));
    await applied('project-a', 0);
    await new Promise((resolve) => setTimeout(resolve, 200));
    // Another stream's batch did not wake it, and the row alone is not looked at before a wake.
    expect(outcome).toBeNull();
    // A batch that holds the stream but did not bring it to the revision (parked there): asked again, found in the row.
    report(batchOf({ 'project-b': 1, 'project-a': -1 }));
    expect(await waiting).toBe('reached');
    expect(Date.now() - started).toBeLessThan(30_000);
  });

  it('goes on without asking PostgreSQL when the batch that woke it committed the revision (decision 0289)', async () => {
    let report: (batch: AppliedBatch) => void = () => undefined;
    const progress = new ProjectionProgress(db.pool, 60_000);
    progress.follow((listener) => (report = listener));
    const asked = countQueries();
    const waiting = progress.waitFor(['projects', 'revenue'], [{ streamId: 'project-c', revision: 2 }], 120_000);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(asked()).toBe(1);
    // No row says so (a refresh would find nothing): only the batch's report can end this wait.
    report(batchOf({ 'project-c': 2 }, 'projects'));
    report(batchOf({ 'project-c': 2 }, 'revenue'));
    expect(await waiting).toBe('reached');
    expect(asked()).toBe(1);
    // And a later read of the same write asks nothing at all.
    expect(progress.unseen(['projects', 'revenue'], [{ streamId: 'project-c', revision: 2 }])).toEqual([]);
  });

  it('trusts no reported revision once the projectors found the server lost batches (decision 0294)', async () => {
    let report: (batch: AppliedBatch) => void = () => undefined;
    let lost: () => void = () => undefined;
    const progress = new ProjectionProgress(db.pool, 60_000);
    progress.follow(
      (listener) => (report = listener),
      (listener) => (lost = listener),
    );
    const wanted = Object.freeze([{ streamId: 'project-lost', revision: 1 }]);
    report(batchOf({ 'project-lost': 1 }, 'projects'));
    expect(progress.unseen(['projects'], wanted)).toEqual([]);
    lost();
    // No row says so: the report was all there was, and it may be gone with the batch.
    expect(progress.unseen(['projects'], wanted)).toEqual(wanted);
  });

  it('waits on for a projection the batch has not reported yet', async () => {
    let report: (batch: AppliedBatch) => void = () => undefined;
    const progress = new ProjectionProgress(db.pool, 60_000);
    progress.follow((listener) => (report = listener));
    let outcome: string | null = null;
    const waiting = progress.waitFor(['projects', 'revenue'], [{ streamId: 'project-d', revision: 0 }], 120_000).then((result) => (outcome = result));
    await new Promise((resolve) => setTimeout(resolve, 200));
    report(batchOf({ 'project-d': 0 }, 'projects'));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(outcome).toBeNull();
    report(batchOf({ 'project-d': 0 }, 'revenue'));
    expect(await waiting).toBe('reached');
  });

  it('still answers timeout at once for a parked stream', async () => {
    await applied('project-p', 0, 1);
    const progress = new ProjectionProgress(db.pool, 60_000);
    progress.follow(() => undefined);
    const started = Date.now();
    expect(await progress.waitFor(['projects'], [{ streamId: 'project-p', revision: 1 }], 120_000)).toBe('timeout');
    expect(Date.now() - started).toBeLessThan(30_000);
  });

  it("keeps a cached session's writes found all applied so until one of its streams is forgotten, then checks again", async () => {
    await applied('project-m', 2);
    await applied('project-n', 0);
    await applied('project-o', 0);
    // Two streams kept: a third one read forgets the oldest.
    const progress = new ProjectionProgress(db.pool, 60_000, 2);
    const writes = Object.freeze([Object.freeze({ streamId: 'project-m', revision: 2 })]);
    expect(progress.unseen(['projects'], writes)).toEqual(writes);
    expect(await progress.waitFor(['projects'], writes, 5_000)).toBe('reached');
    expect(progress.unseen(['projects'], writes)).toEqual([]);
    // Still all applied after another stream is remembered (nothing forgotten yet).
    expect(await progress.waitFor(['projects'], [{ streamId: 'project-n', revision: 0 }], 5_000)).toBe('reached');
    expect(progress.unseen(['projects'], writes)).toEqual([]);
    // A third stream forgets project-m: the same list is checked again and found not known.
    expect(await progress.waitFor(['projects'], [{ streamId: 'project-o', revision: 0 }], 5_000)).toBe('reached');
    expect(progress.unseen(['projects'], writes)).toEqual(writes);
    // Another projection's check of the same list is its own.
    expect(await progress.waitFor(['projects'], writes, 5_000)).toBe('reached');
    expect(progress.unseen(['projects', 'project_history'], writes)).toEqual(writes);
  });
});
