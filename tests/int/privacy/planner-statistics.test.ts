import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger, createPool, embeddedConfigSchema, loadConfig, openEventStore, openKeyEncryptionKeys, type Pool } from '@shop/infra';
import { allProjections, rebuildAll } from '@shop/projectors';
import { startShop, type RunningShop } from '@shop/server';
import { staffEnv } from '../commands/helpers.js';
import type { TestShop } from '../../support/shop.js';
import { clearValuesOf, control, customerOrders, erasedByStaff, statisticsHolding, type Person } from './on-disk.js';
import { projectionsCaughtUp } from './support.js';

/**
 * Issue 51 item 1 (docs/decisions/0301): ANALYZE never copies personal data into pg_statistic, on
 * the tables the migrations made and on those a rebuild swaps in. The embedded shop on a DATA_DIR
 * of its own, so a rebuild here opens the sealed fields with the shop's own key file.
 */
let dataDir: string;
let running: RunningShop | null = null;
let pool: Pool | null = null;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'shop-planner-statistics-'));
});
afterAll(async () => {
  await pool?.end();
  await running?.stop();
  await rm(dataDir, { recursive: true, force: true });
});

async function expectNoneSampled(people: Person[]): Promise<void> {
  for (const who of people) {
    for (const { field, pattern } of clearValuesOf(who)) expect(await statisticsHolding(pool!, pattern), `${who.name}'s ${field} in pg_statistic`).toEqual([]);
  }
}

describe('planner statistics', () => {
  it('hold no customer\'s e-mail, name, phone or address after ANALYZE, before and after a rebuild swaps new tables in', { timeout: 600_000 }, async () => {
    const config = loadConfig(embeddedConfigSchema, { PORT: '0', DATA_DIR: dataDir, PERSONAL_DATA_PURGE_MINUTES: '600', ...staffEnv });
    running = await startShop(config, createLogger('silent'));
    pool = createPool(running.databaseUrl, 3);
    const shop = { ...running, url: running.url!, db: { pool, url: running.databaseUrl, drop: async () => undefined } } as unknown as TestShop;
    const people = [erasedByStaff, control];
    for (const who of people) await customerOrders(shop, who, true);
    await projectionsCaughtUp(pool);

    await pool.query('ANALYZE');
    // The search works: the statistics are there, and a sample of the customers' other columns would be found.
    const sampled = await pool.query<{ n: number }>("SELECT count(*)::int AS n FROM pg_stats WHERE schemaname = 'public' AND tablename = 'users'");
    expect(sampled.rows[0]!.n).toBeGreaterThan(0);
    expect((await statisticsHolding(pool, /Reading chair/)).length, 'a project name is sampled (not personal data)').toBeGreaterThan(0);
    await expectNoneSampled(people);

    // A rebuild of every projection swaps in new tables, made LIKE the live ones.
    const keks = await openKeyEncryptionKeys(config);
    await rebuildAll({ pool, eventStore: openEventStore(config, pool, keks) }, allProjections, { workers: 1 });
    await pool.query('ANALYZE');
    await expectNoneSampled(people);
    const targets = await pool.query<{ target: number | null }>("SELECT attstattarget AS target FROM pg_attribute WHERE attrelid = 'public.users'::regclass AND attname = 'email'");
    expect(targets.rows[0]!.target).toBe(0);
  });
});
