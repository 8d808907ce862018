import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '@shop/infra/testing';
import { ProjectionProgress } from './projection-progress.js';

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

/**
 * Following the projectors of its own process (decision 0235), a waiting read asks again when a
 * batch with its stream was applied. Its fallback poll here is a minute, so a read that ends well
 * before that was woken by the batch, not by the timer.
 */
describe('ProjectionProgress following the in-process runner', () => {
  it('wakes a waiting read when a batch with its stream was applied, and only then', async () => {
    let report: (streamIds: readonly string[]) => void = () => undefined;
    const progress = new ProjectionProgress(db.pool, 60_000);
    progress.follow((listener) => (report = listener));
    const started = Date.now();
    let outcome: string | null = null;
    const waiting = progress.waitFor(['projects'], [{ streamId: 'project-a', revision: 0 }], 120_000).then((result) => (outcome = result));
    await new Promise((resolve) => setTimeout(resolve, 200));
    report(['project-b']);
    await applied('project-a', 0);
    await new Promise((resolve) => setTimeout(resolve, 200));
    // Another stream's batch did not wake it, and the row alone is not looked at before a wake.
    expect(outcome).toBeNull();
    report(['project-b', 'project-a']);
    expect(await waiting).toBe('reached');
    expect(Date.now() - started).toBeLessThan(30_000);
  });

  it('still answers timeout at once for a parked stream', async () => {
    await applied('project-p', 0, 1);
    const progress = new ProjectionProgress(db.pool, 60_000);
    progress.follow(() => undefined);
    const started = Date.now();
    expect(await progress.waitFor(['projects'], [{ streamId: 'project-p', revision: 1 }], 120_000)).toBe('timeout');
    expect(Date.now() - started).toBeLessThan(30_000);
  });
});
