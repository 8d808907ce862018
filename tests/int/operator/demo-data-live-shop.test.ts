import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ensureActiveAccount } from '@shop/command-api';
import { systemClock, uuidIds, type EventStore } from '@shop/infra';
import { openEventStore } from '@shop/personal-data';
import { createTestDatabase, type TestDatabase } from '@shop/infra/testing';
import { readModelMigrationDirs } from '@shop/projectors';
import { generateDemoData, realCustomers } from '@shop/server';
import { runNpmScript } from '../../support/run-command.js';

/**
 * Decision 0349: demo history is marked `metadata.demo`, and `npm run demo-data` refuses a log
 * that holds real customers unless told `--into-live-shop`.
 */
let db: TestDatabase;
let eventStore: EventStore;
beforeAll(async () => {
  db = await createTestDatabase(inject('adminDatabaseUrl'), readModelMigrationDirs);
  eventStore = openEventStore({}, db.pool);
});
afterAll(async () => {
  await db?.drop();
});

const demoDataCli = (args: string[]) => runNpmScript('demo-data', args, { ...process.env, DATABASE_URL: db.url });

const unmarked = async () => (await db.pool.query<{ n: number }>("SELECT count(*)::int AS n FROM events WHERE NOT coalesce((metadata ->> 'demo')::boolean, false)")).rows[0]!.n;

describe('demo history in the log', () => {
  it('is marked metadata.demo on every event, and staff, demo customers and the first-start demo customer are no real customers', { timeout: 300_000 }, async () => {
    const summary = await generateDemoData({ pool: db.pool, eventStore }, { projects: 3, months: 2, seed: 7, now: new Date() });
    expect(summary.written).toBeGreaterThan(0);
    expect(await unmarked()).toBe(0);
    const deps = { pool: db.pool, eventStore, clock: systemClock, ids: uuidIds };
    await ensureActiveAccount(deps, { email: 'customer@example.com', password: 'Demo1234x9', name: 'Demo Customer', isStaff: false });
    await ensureActiveAccount(deps, { email: 'staff@shop.test', password: 'Staff1234x9', name: 'Staff', isStaff: true });
    expect(await realCustomers(db.pool)).toBe(0);
  });

  it('is refused in a log with a real customer unless --into-live-shop, and then written marked', { timeout: 300_000 }, async () => {
    await ensureActiveAccount({ pool: db.pool, eventStore, clock: systemClock, ids: uuidIds }, { email: 'real@customer.test', password: 'Real1234x9', name: 'Real Customer', isStaff: false });
    expect(await realCustomers(db.pool)).toBe(1);
    const before = await unmarked();

    const refused = await demoDataCli(['--projects', '1', '--months', '1', '--seed', '8']);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('This log holds 1 real customer');
    expect(refused.stderr).toContain('--into-live-shop');

    const forced = await demoDataCli(['--projects', '1', '--months', '1', '--seed', '8', '--into-live-shop']);
    expect(forced.code, forced.stderr).toBe(0);
    expect(forced.stdout).toContain('Wrote 1 projects');
    expect(await unmarked()).toBe(before);
  });
});
