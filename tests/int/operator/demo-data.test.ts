import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { productTypeCodes, projectStates } from '@shop/domain';
import { createLogger, type EventStore, type Pool } from '@shop/infra';
import { openEventStore } from '@shop/personal-data';
import { createTestDatabase, type TestDatabase } from '@shop/infra/testing';
import { allProjections, ProjectionRunner, readModelMigrationDirs, rebuildAll } from '@shop/projectors';
import { monthStart, revenueByMonth } from '@shop/projectors/queries';
import { generateDemoData } from '@shop/server';
import { waitCaughtUp } from '../queries/support/read-model-fingerprint.js';

const SEED = 42;
const options = { projects: 60, months: 12, seed: SEED, now: new Date() };

let db: TestDatabase;
let eventStore: EventStore;
let runner: ProjectionRunner | undefined;
beforeAll(async () => {
  db = await createTestDatabase(inject('adminDatabaseUrl'), readModelMigrationDirs);
  eventStore = openEventStore({}, db.pool);
});
afterAll(async () => {
  await runner?.stop();
  await db?.drop();
});

const count = async (sql: string) => (await db.pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM (${sql}) rows`)).rows[0]!.n;

/** Every projection table's rows, order-independent, as one digest per table. */
async function digests(pool: Pool): Promise<Record<string, string>> {
  const prints: Record<string, string> = {};
  for (const table of allProjections.flatMap((projection) => projection.tables)) {
    const result = await pool.query<{ n: number; digest: string }>(
      `SELECT count(*)::int AS n, md5(coalesce(string_agg(to_jsonb(t)::text, '|' ORDER BY to_jsonb(t)::text), '')) AS digest FROM public.${table} t`,
    );
    prints[table] = `${result.rows[0]!.n}:${result.rows[0]!.digest}`;
  }
  return prints;
}

describe('npm run demo-data', () => {
  it('writes 60 projects over 12 months through the command side: every state and product type, twelve months of revenue, partial payments; the same seed again adds nothing and a rebuild gives the same tables', { timeout: 300_000 }, async () => {
    const first = await generateDemoData({ pool: db.pool, eventStore }, options);
    expect(first).toMatchObject({ projects: 60, skipped: 0 });
    runner = new ProjectionRunner({ pool: db.pool, eventStore, logger: createLogger('silent') }, allProjections);
    await runner.start();
    await waitCaughtUp(db.pool);

    const states = await db.pool.query<{ state: string }>('SELECT DISTINCT state FROM project_details');
    expect(states.rows.map((row) => row.state).sort()).toEqual([...projectStates].sort());
    const types = await db.pool.query<{ type: string }>(
      "SELECT DISTINCT item->>'product_type' AS type FROM project_details, jsonb_array_elements(stream_state::jsonb->'project'->'fabrics') fabric, jsonb_array_elements(fabric->'items') item",
    );
    expect(types.rows.map((row) => row.type).sort()).toEqual([...productTypeCodes].sort());
    const months = await revenueByMonth(db.pool, await monthStart(db.pool, options.now, 11), await monthStart(db.pool, options.now, -1));
    expect(months.filter((month) => month.revenue > 0)).toHaveLength(12);
    expect(await count('SELECT 1 FROM revenue_payments WHERE partial')).toBeGreaterThan(0);
    expect(await count("SELECT 1 FROM events WHERE event_type = 'ProjectShipped'")).toBeGreaterThan(0);
    expect(await count("SELECT 1 FROM events WHERE event_type = 'ProjectPaused'")).toBeGreaterThan(0);
    expect(await count("SELECT 1 FROM organizations")).toBeGreaterThan(1);
    // Personal data is sealed in the log as in any write: no account event holds a demo e-mail address in clear.
    expect(await count("SELECT 1 FROM events WHERE stream_id LIKE 'account-%' AND data::text LIKE '%@demo42.example.com%'")).toBe(0);
    expect(await count("SELECT 1 FROM users WHERE email LIKE '%@demo42.example.com'")).toBeGreaterThan(30);

    const events = await count('SELECT 1 FROM events');
    const again = await generateDemoData({ pool: db.pool, eventStore }, { ...options, now: new Date() });
    expect(again.written).toBe(0);
    expect(await count('SELECT 1 FROM events')).toBe(events);

    await waitCaughtUp(db.pool);
    const live = await digests(db.pool);
    await rebuildAll({ pool: db.pool, eventStore }, allProjections);
    expect(await digests(db.pool)).toEqual(live);
  });
});
