import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger, createPool, embeddedConfigSchema, loadConfig, type Pool } from '@shop/infra';
import { createShadowTables, stagingTablesSql } from '@shop/projectors';
import { startShop, type RunningShop } from '@shop/server';
import { staffEnv } from '../commands/helpers.js';
import type { TestShop } from '../../support/shop.js';
import { clearValuesOf, control, customerOrders, erasedByStaff, statisticsHolding, type Person } from './on-disk.js';
import { projectionsCaughtUp } from './support.js';

/**
 * Issue 51 item 1 (docs/decisions/0301): ANALYZE never copies personal data into pg_statistic, on
 * the tables the migrations made and on the copies a rebuild fills and swaps in. The embedded shop
 * on a DATA_DIR of its own, as an operator runs it.
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
  it('hold no customer\'s e-mail, name, phone or address after ANALYZE', { timeout: 600_000 }, async () => {
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

  });

  it('are not taken of those columns in the tables a rebuild makes to swap in (LIKE copies no statistics target)', async () => {
    const unsampled = (schema: string) =>
      pool!.query<{ place: string }>(
        `SELECT c.relname || '.' || a.attname AS place FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid JOIN pg_namespace n ON n.oid = c.relnamespace
          WHERE n.nspname = $1 AND a.attnum > 0 AND NOT a.attisdropped AND a.attstattarget = 0 ORDER BY 1`,
        [schema],
      );
    const live = (await unsampled('public')).rows.map((row) => row.place);
    expect(live).toEqual(expect.arrayContaining(['users.email', 'users.view', 'project_details.stream_state', 'account_credentials.email']));
    const tables = ['users', 'organizations', 'project_details', 'project_activity', 'project_timeline'];
    const inTables = (places: string[]) => places.filter((place) => tables.includes(place.split('.')[0]!));
    // The one-pass rebuild's staging tables (replay, upgrades) and the batch rebuild's shadow tables.
    await pool!.query(stagingTablesSql('i51_staging', tables).join(';\n'));
    await createShadowTables(pool!, 'i51_shadow', tables);
    expect((await unsampled('i51_staging')).rows.map((row) => row.place)).toEqual(inTables(live));
    expect((await unsampled('i51_shadow')).rows.map((row) => row.place)).toEqual(inTables(live));
  });
});
