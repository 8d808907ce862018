import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPool, freePort, type Pool } from '@shop/infra';
import { loggedIn, staffClient, staffEnv } from '../commands/helpers.js';
import { childPids, gone, isAlive } from '../../support/npm-start.js';
import type { TestShop } from '../../support/shop.js';
import { control, customerOrders, erasedByStaff, expectErasedOnDisk, keysInFile, selfErased } from './on-disk.js';
import { projectionsCaughtUp } from './support.js';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** The shop's own entry point (what `npm start` execs, without the web build) as a process of its own, on DATA_DIR. */
async function startProcess(dataDir: string) {
  const port = await freePort();
  // The shop's default key file under DATA_DIR, not the test file's (tests/support/int-keys.ts).
  const { PERSONAL_DATA_KEK_FILE: _testKeys, ...inherited } = process.env;
  const env = { ...inherited, DATA_DIR: dataDir, PORT: String(port), LOG_LEVEL: 'info', PERSONAL_DATA_PURGE_MINUTES: '600', BACKUP_RETENTION_DAYS: '0', ...staffEnv };
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/embedded.ts'], { cwd: repoRoot, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const waiters: Array<{ text: string; resolve: () => void; reject: (error: Error) => void }> = [];
  const collect = (chunk: Buffer) => {
    output += chunk.toString();
    for (const waiter of waiters.filter((candidate) => output.includes(candidate.text))) waiter.resolve();
    // A purge that failed or left erasures pending will not say what a waiter waits for.
    if (/personal data purge (failed|: projections had not)/.test(output)) for (const waiter of waiters) waiter.reject(new Error(`the purge did not finish:\n${output.slice(-5000)}`));
  };
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  /** Resolves once the output says `text` (at once if it already has). */
  const said = (text: string) =>
    new Promise<void>((resolve, reject) => {
      if (output.includes(text)) return resolve();
      waiters.push({ text, resolve, reject });
      // Bounded (generous for a loaded machine), so that a stall says where the shop was.
      setTimeout(() => reject(new Error(`the shop did not say "${text}" within 180 s:\n${output.slice(-8000)}`)), 180_000).unref();
      void exited.then((code) => reject(new Error(`the shop exited with ${code} before saying "${text}":\n${output.slice(-5000)}`)));
    });
  await said('is running at');
  const lock = (await readFile(path.join(dataDir, 'postgres', 'cluster', 'postmaster.pid'), 'utf8')).split('\n');
  const password = (await readFile(path.join(dataDir, 'postgres', 'password'), 'utf8')).trim();
  const databaseUrl = `postgres://shop:${encodeURIComponent(password)}@127.0.0.1:${lock[3]}/shop`;
  return { child, exited, said, output: () => output, url: `http://127.0.0.1:${port}`, postgresPid: Number(lock[0]), databaseUrl };
}

let dataDir: string;
let pool: Pool | null = null;
let shop: Awaited<ReturnType<typeof startProcess>> | null = null;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'shop-erasure-sigkill-'));
});
afterAll(async () => {
  await pool?.end();
  if (shop && isAlive(shop.child.pid!)) shop.child.kill('SIGTERM');
  if (shop) await gone(shop.postgresPid);
  await rm(dataDir, { recursive: true, force: true });
});

describe('erasure on disk, with the shop killed in the middle of the purge', () => {
  it('finishes the purge at the next start: no erased data or key left on disk, every remaining person\'s data opens', { timeout: 600_000 }, async () => {
    shop = await startProcess(dataDir);
    pool = createPool(shop.databaseUrl, 2);
    const asTestShop = { url: shop.url } as TestShop;
    const a = await customerOrders(asTestShop, erasedByStaff, true);
    const b = await customerOrders(asTestShop, selfErased, false);
    const c = await customerOrders(asTestShop, control, true);
    expect((await (await staffClient(asTestShop)).post(`/api/internal/users/${a.userId}/erase/`)).status).toBe(200);
    expect((await b.client.post('/api/users/erase/', { confirm: true })).status).toBe(200);
    await projectionsCaughtUp(pool);
    await pool.end();
    pool = null;
    const kekFile = path.join(dataDir, 'keys', 'personal-data-kek.json');
    const oldKeks = [...(await keysInFile(kekFile)).values()];

    // The purge runs at the stop; the whole machine "crashes" once it has made the new key-encryption key.
    const first = shop;
    const postgresProcesses = [first.postgresPid, ...childPids(first.postgresPid)];
    first.child.kill('SIGTERM');
    await first.said('personal data purge: new key-encryption key made');
    first.child.kill('SIGKILL');
    for (const pid of postgresProcesses) if (isAlive(pid)) process.kill(pid, 'SIGKILL');
    await first.exited;
    for (const pid of postgresProcesses) await gone(pid);
    expect(first.output()).not.toContain('personal data purge: done');
    // Killed after the new key-encryption key was written: the file holds the old and the new one.
    const atCrash = await keysInFile(kekFile);
    expect(atCrash.size).toBe(2);

    // Started again: the purge finishes, then a clean stop.
    shop = await startProcess(dataDir);
    await shop.said('personal data purge: done');
    // The next start resumed that purge with the key it had made, old data keys re-wrapped, the old key destroyed.
    expect(shop.output()).toContain('personal data purge: resuming with the key-encryption key made before');
    expect([...(await keysInFile(kekFile)).keys()]).toEqual([...atCrash.keys()].filter((id) => oldKeks.every((old) => !old.equals(atCrash.get(id)!))));
    const again = { url: shop.url } as TestShop;
    expect((await (await staffClient(again)).get('/api/internal/privacy/purge/')).body.erasures_pending_purge).toBe(0);
    const controlClient = await loggedIn(again, control.email, control.password);
    expect((await controlClient.get(`/api/projects/${c.projectId}/`)).body.shipping_notes.shipping_address).toEqual(control.address);
    const second = shop;
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
    await gone(second.postgresPid);

    await expectErasedOnDisk(dataDir, { erased: [a.userId, b.userId], control: c.userId, destroyedKeys: oldKeks });
  });
});
