import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger, createPool, embeddedConfigSchema, loadConfig, type Pool } from '@shop/infra';
import { startShop, type RunningShop } from '@shop/server';
import { loggedIn, staffClient, staffEnv } from '../commands/helpers.js';
import type { TestShop } from '../../support/shop.js';
import { anyOpens, control, customerOrders, dataKeysFrom, erasedByStaff, expectErasedOnDisk, keyRowVersions, keysInFile, sealedEnvelopes, selfErased } from './on-disk.js';
import { projectionsCaughtUp } from './support.js';

// The real embedded shop on a DATA_DIR of its own (its own PostgreSQL, WAL and key file), as an operator runs it.
let dataDir: string;
let running: RunningShop | null = null;
let pool: Pool | null = null;
const logLines: string[] = [];

async function start(): Promise<TestShop> {
  // No timed purge during the test: the one at shutdown is the purge (docs/decisions/0162).
  const config = loadConfig(embeddedConfigSchema, { PORT: '0', DATA_DIR: dataDir, PERSONAL_DATA_PURGE_MINUTES: '600', BACKUP_RETENTION_DAYS: '0', ...staffEnv });
  running = await startShop(config, createLogger('info', 'shop', { pretty: false, destination: { write: (line: string) => void logLines.push(line) } }));
  pool = createPool(running.databaseUrl, 3);
  return { ...running, url: running.url!, db: { pool, url: running.databaseUrl, drop: async () => undefined } } as unknown as TestShop;
}

async function stop(): Promise<void> {
  await pool?.end();
  pool = null;
  await running?.stop();
  running = null;
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'shop-erasure-on-disk-'));
});
afterAll(async () => {
  await stop();
  await rm(dataDir, { recursive: true, force: true });
});

describe('erasure on disk', () => {
  it('leaves none of the erased customers\' data in any file under DATA_DIR after the purge, and no key that opens their sealed fields', { timeout: 600_000 }, async () => {
    const shop = await start();
    const kekFile = path.join(dataDir, 'keys', 'personal-data-kek.json');
    const a = await customerOrders(shop, erasedByStaff, true);
    const b = await customerOrders(shop, selfErased, false);
    const c = await customerOrders(shop, control, true);
    await projectionsCaughtUp(pool!);
    // The planner's statistics sample every table, as autovacuum's ANALYZE does on a shop that runs a while.
    await pool!.query('ANALYZE');

    // Staff erase one; the other erases themself. Both read as erased at once; the purge is pending.
    const staff = await staffClient(shop);
    const byStaff = await staff.post(`/api/internal/users/${a.userId}/erase/`);
    expect(byStaff.status, byStaff.text).toBe(200);
    expect(byStaff.body).toMatchObject({ erased: true, purge_pending: true });
    expect(byStaff.body.message).toMatch(/pending physical purge/);
    const self = await b.client.post('/api/users/erase/', { confirm: true });
    expect(self.status, self.text).toBe(200);
    await projectionsCaughtUp(pool!);
    // And again after the erasure, as autovacuum may before the purge.
    await pool!.query('ANALYZE');
    expect((await staff.get(`/api/internal/projects/${a.projectId}/`)).body.shipping_notes.shipping_address.line1).toBe('[erased]');
    expect((await staff.get(`/api/internal/projects/${b.projectId}/`)).body.shipping_notes.shipping_address.city).toBe('[erased]');
    expect((await staff.get('/api/internal/privacy/purge/')).body).toEqual({ erasures_pending_purge: 2, message: '2 erasures pending physical purge.' });

    // Before the purge the disk still holds them: the search and the key check find what they look for.
    const before = await keyRowVersions(pool!);
    expect(before.some((version) => version.personId === a.userId && !version.live && version.dataKey)).toBe(true);
    const envelopes = await sealedEnvelopes(pool!);
    const keysBefore = dataKeysFrom(before, await keysInFile(kekFile));
    expect(anyOpens(envelopes.get(a.userId)!, keysBefore), 'the old row version opens with the key file as it was').toBe(true);
    const erasedKeys = keysBefore.filter((key) => anyOpens(envelopes.get(a.userId)!, [key]) || anyOpens(envelopes.get(b.userId)!, [key]));
    const oldKeks = [...(await keysInFile(kekFile)).values()];

    // The purge runs at the clean stop.
    await stop();

    expect(logLines.filter((line) => line.includes('personal data purge: done')), logLines.filter((line) => line.includes('purge')).join('')).toHaveLength(1);
    await expectErasedOnDisk(dataDir, { erased: [a.userId, b.userId], control: c.userId, destroyedKeys: [...erasedKeys, ...oldKeks] });

    // Started again: nothing pending, and the control customer's data opens through the shop.
    const again = await start();
    expect((await (await staffClient(again)).get('/api/internal/privacy/purge/')).body.erasures_pending_purge).toBe(0);
    const controlClient = await loggedIn(again, control.email, control.password);
    expect((await controlClient.get(`/api/projects/${c.projectId}/`)).body.shipping_notes.shipping_address).toEqual(control.address);
  });
});
