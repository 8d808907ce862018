import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createLogger, readProjectionLag, type Pool } from '@shop/infra';
import { PostgresEventStore } from '@shop/event-store';
import { createTestDatabase, type TestDatabase } from '@shop/infra/testing';
import { recordedAsOccurred } from '../../support/recorded-as-occurred.js';
import { allProjections, ProjectionRunner, readModelMigrationDirs, rebuildAll, rebuildInOnePass, rebuildsTidied } from '@shop/projectors';
import { fingerprint, waitCaughtUp } from './support/read-model-fingerprint.js';
import { appendDomainEvents, memberAdded, organizationCreated, projectCreated, projectEvents as e, registered, type AnyDomainEvent } from './support/domain-events.js';

const PROJECTS = 4000; // × 12 events
const ACCOUNTS = 1000; // × 1
const ORGANIZATIONS = 200; // × 5
const TOTAL = PROJECTS * 12 + ACCOUNTS + ORGANIZATIONS * 5;

const at = (index: number, step: number) => new Date(Date.UTC(2023, 0, 1) + index * 3_600_000 + step * 60_000).toISOString();

function projectHistory(index: number): AnyDomainEvent[] {
  const id = `p${index}`;
  const owner = `u${index % ACCOUNTS}`;
  return [
    projectCreated({ projectId: id, ownerId: owner, at: at(index, 0), organizationId: index % 5 === 0 ? `o${index % ORGANIZATIONS}` : null }),
    e.submitted(at(index, 1), owner),
    e.approved(at(index, 2), 'staff'),
    e.invoiceSent(at(index, 3), 'staff', `${owner}@example.com`),
    e.paid(at(index, 4), owner, 20000, 34000),
    e.started(at(index, 5), 'staff', '2023-06-01'),
    e.production(at(index, 6), 'staff', 'N', 'CIP'),
    e.production(at(index, 7), 'staff', 'CIP', 'CC'),
    e.noteAdded(at(index, 8), 'staff', `n${index}`, 'checked'),
    e.fabricArrived(at(index, 9), 'staff'),
    e.completed(at(index, 10), 'staff'),
    e.shipped(at(index, 11), 'staff'),
  ];
}

async function buildLog(pool: Pool): Promise<void> {
  const appends: Array<() => Promise<unknown>> = [];
  for (let i = 0; i < ACCOUNTS; i++) appends.push(() => appendDomainEvents(pool, `account-u${i}`, [registered(`u${i}`, `u${i}@example.com`, `User ${i}`, at(i, 0))]));
  for (let i = 0; i < ORGANIZATIONS; i++) {
    const members = [0, 1, 2, 3].map((m) => memberAdded(`u${(i * 4 + m) % ACCOUNTS}`, at(i, m + 1), 'staff'));
    appends.push(() => appendDomainEvents(pool, `organization-o${i}`, [organizationCreated(`o${i}`, `Org ${i}`, at(i, 0), 'staff'), ...members]));
  }
  for (let i = 0; i < PROJECTS; i++) appends.push(() => appendDomainEvents(pool, `project-p${i}`, projectHistory(i)));
  for (let start = 0; start < appends.length; start += 16) await Promise.all(appends.slice(start, start + 16).map((append) => append()));
}

let db: TestDatabase;
let runner: ProjectionRunner;
beforeAll(async () => {
  db = await createTestDatabase(inject('adminDatabaseUrl'), readModelMigrationDirs);
}, 120_000);
afterAll(async () => {
  await runner?.stop();
  await db?.drop();
});

describe('rebuild', () => {
  it(`rebuilds every projection from ${TOTAL} events into tables equal to the live ones, while they keep serving`, { timeout: 900_000 }, async () => {
    const eventStore = new PostgresEventStore(db.pool, { pollIntervalMs: 50 });
    const appendStarted = Date.now();
    await buildLog(db.pool);
    const appendMs = Date.now() - appendStarted;
    // The live path's own catch-up (not a replay): the tables the rebuild is compared with.
    runner = new ProjectionRunner({ pool: db.pool, eventStore, logger: createLogger('silent'), catchUpReplay: false }, allProjections);
    const liveStarted = Date.now();
    await runner.start();
    const liveMs = await waitCaughtUp(db.pool);
    expect((await db.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM events')).rows[0]!.n).toBe(TOTAL);

    const live = new Map<string, Record<string, string>>();
    for (const projection of allProjections) live.set(projection.name, await fingerprint(db.pool, projection));
    expect(live.get('projects')!.project_details).toMatch(new RegExp(`^${PROJECTS}:`));

    // The live tables answer during the rebuild.
    let servedDuringRebuild = 0;
    let rebuilding = true;
    const reader = (async () => {
      while (rebuilding) {
        const rows = await db.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM project_details');
        if (rows.rows[0]!.n === PROJECTS) servedDuringRebuild++;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    })();
    const results = await rebuildAll({ pool: db.pool, eventStore }, allProjections);
    rebuilding = false;
    await reader;

    for (const projection of allProjections) expect(await fingerprint(db.pool, projection), projection.name).toEqual(live.get(projection.name));
    expect(servedDuringRebuild).toBeGreaterThan(0);
    await rebuildsTidied(); // the old tables are dropped after the rebuild returned
    const leftovers = await db.pool.query("SELECT nspname FROM pg_namespace WHERE nspname LIKE 'rebuild_%' OR nspname LIKE 'retired_%'");
    expect(leftovers.rows).toEqual([]);

    // After the swap the live runner goes on from the new checkpoint without applying anything twice.
    const revision = await appendDomainEvents(db.pool, 'project-p0', [e.noteAdded(at(0, 20), 'staff', 'after', 'after the rebuild')]);
    await waitCaughtUp(db.pool);
    const details = await db.pool.query("SELECT revision FROM project_details WHERE stream_id = 'project-p0'");
    expect(details.rows[0]!.revision).toBe(revision);
    expect(runner.allStatuses().every((status) => status.failure === null)).toBe(true);

    const lags = await readProjectionLag(db.pool, allProjections.map((projection) => projection.name));
    const rates = results.map((result) => `${result.projection} ${Math.round(result.events / (result.ms / 1000))} events/s`);
    console.log(
      `[rebuild] ${TOTAL} events appended in ${appendMs} ms; live runner caught up in ${liveMs} ms ` +
        `(${Math.round(TOTAL / ((Date.now() - liveStarted) / 1000))} events/s across ${allProjections.length} projections, upper bound); ` +
        `replay: ${rates.join(', ')}; lag at rest: ${lags.map((lag) => `${lag.name} ${lag.lagEvents} events/${lag.lagMs} ms`).join(', ')}`,
    );
  });

  it('rebuilds one projection in place and leaves the other projections\' revisions as they were', { timeout: 300_000 }, async () => {
    const eventStore = new PostgresEventStore(db.pool);
    const before = new Map<string, Record<string, string>>();
    for (const projection of allProjections) before.set(projection.name, await fingerprint(db.pool, projection));
    const revenue = allProjections.find((candidate) => candidate.name === 'revenue')!;
    await rebuildInOnePass({ pool: db.pool, eventStore }, [revenue]);
    // Every projection ends as it was: the rebuilt one equal to its live fold, the others untouched.
    for (const projection of allProjections) expect(await fingerprint(db.pool, projection), projection.name).toEqual(before.get(projection.name));
  });

  it('writes a stream completed during the load once, and catches up what was appended after the load began', { timeout: 300_000 }, async () => {
    const eventStore = new PostgresEventStore(db.pool, { pollIntervalMs: 50 });
    // A transaction in flight when the rebuild starts fixes where its load stops: project-p1's
    // new event is after that, and the streams table already shows it (p1 is never complete).
    const holder = await db.pool.connect();
    await holder.query('BEGIN');
    await holder.query('SELECT pg_current_xact_id()');
    await appendDomainEvents(db.pool, 'project-p1', [e.noteAdded(at(1, 30), 'staff', 'during', 'written before the rebuild began')]);
    let appended: Promise<unknown> | null = null;
    await rebuildAll({ pool: db.pool, eventStore }, allProjections, {
      onProgress: () => {
        // After the first page: project-p2 ended below the horizon when the rebuild read the
        // streams table, so it is written during the load; its new event, and p1's once the
        // transaction in flight ends, are readable while later pages are read, but they come
        // in through the swap's catch-up, not the load (which would fold them a second time).
        appended ??= appendDomainEvents(db.pool, 'project-p2', [e.noteAdded(at(2, 30), 'staff', 'during', 'written during the load')]).finally(async () => {
          await holder.query('COMMIT');
          holder.release();
        });
      },
    });
    await appended;
    await waitCaughtUp(db.pool);
    const afterCatchUp = new Map<string, Record<string, string>>();
    for (const projection of allProjections) afterCatchUp.set(projection.name, await fingerprint(db.pool, projection));
    const notes = await db.pool.query<{ n: number }>("SELECT count(*)::int AS n FROM project_details WHERE stream_id IN ('project-p1', 'project-p2') AND stream_state::text LIKE '%written %'");
    expect(notes.rows[0]!.n).toBe(2);

    // A rebuild of the whole log now gives the same tables.
    await rebuildAll({ pool: db.pool, eventStore }, allProjections);
    for (const projection of allProjections) expect(await fingerprint(db.pool, projection), projection.name).toEqual(afterCatchUp.get(projection.name));
  });

  it('returns once the new tables serve, drops the old ones afterwards, and drops what a stopped rebuild left behind', { timeout: 300_000 }, async () => {
    const eventStore = new PostgresEventStore(db.pool);
    const small = allProjections.filter((projection) => projection.name === 'users' || projection.name === 'organizations');
    // What a process stopped between its swap and its drops leaves: a retired schema holding the old tables, an emptied rebuild schema.
    await db.pool.query('CREATE SCHEMA retired_rebuild_users_19990101000000; CREATE TABLE retired_rebuild_users_19990101000000.users (LIKE public.users)');
    await db.pool.query('CREATE SCHEMA rebuild_organizations_19990101000000');
    const before = await Promise.all(small.map((projection) => fingerprint(db.pool, projection)));
    // Back to back in one process: the second waits for the first's drops (its locks), it is not told another rebuild runs.
    await rebuildAll({ pool: db.pool, eventStore }, small);
    await rebuildAll({ pool: db.pool, eventStore }, small);
    await rebuildsTidied();
    const left = await db.pool.query("SELECT nspname FROM pg_namespace WHERE nspname LIKE 'rebuild\\_%' OR nspname LIKE 'retired\\_%'");
    expect(left.rows).toEqual([]);
    expect(await Promise.all(small.map((projection) => fingerprint(db.pool, projection)))).toEqual(before);
    // The locks went with the drops: another connection can take them now.
    const other = await db.pool.connect();
    try {
      const locks = await other.query<{ held: boolean }>("SELECT bool_and(pg_try_advisory_lock(hashtext('rebuild:' || n))) AS held FROM unnest(ARRAY['users', 'organizations']) AS n");
      expect(locks.rows[0]!.held).toBe(true);
      await other.query('SELECT pg_advisory_unlock_all()');
    } finally {
      other.release();
    }
  });

  it('builds a read model as of a date into its own schema and leaves the live one alone', { timeout: 300_000 }, async () => {
    const eventStore = new PostgresEventStore(db.pool);
    const projection = allProjections.find((candidate) => candidate.name === 'revenue')!;
    // Payments happen at step 4 of each project, one project an hour from 2023-01-01: the first ten by 09:05.
    await recordedAsOccurred(db.pool);
    const result = (await rebuildInOnePass({ pool: db.pool, eventStore }, [projection], { until: new Date('2023-01-01T09:05:00Z') }))[0]!;
    expect(result.schema).toBe('asof_revenue_2023_01_01');
    const asOf = await db.pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${result.schema}.revenue_payments`);
    expect(asOf.rows[0]!.n).toBe(10);
    const live = await db.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM public.revenue_payments');
    expect(live.rows[0]!.n).toBe(PROJECTS);
  });
});
