import { mkdtemp, mkdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../../support/http-client.js';
import { gone, isAlive, npmStart, runNpm, type NpmStartedShop } from '../../support/npm-start.js';

/**
 * Issue 15: the shop run as an operator runs it, through `npm start` itself on a fresh DATA_DIR made by
 * mkdtemp (mode 0700), with STAFF_EMAIL set to the demo staff address.
 */
const STAFF_EMAIL = 'staff@example.com';
const STAFF_PASSWORD = 'Operator2026pw';
let dataDir: string;
let shop: NpmStartedShop | undefined;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'shop-npm-start-'));
});

afterAll(async () => {
  if (shop && isAlive(shop.shopPid)) process.kill(shop.shopPid, 'SIGTERM');
  if (shop) await gone(shop.postgresPid);
  await rm(dataDir, { recursive: true, force: true });
});

/** A client holding the CSRF cookie any first GET sets, as the web app does before it logs in. */
async function csrfReady(url: string): Promise<ApiClient> {
  const client = new ApiClient(url);
  await client.get('/api/openapi.json');
  return client;
}

describe('npm start, as an operator runs it', () => {
  it('starts on a 0700 DATA_DIR (as root the postgres user is let through) and STAFF_PASSWORD logs in as STAFF_EMAIL', async () => {
    expect((await stat(dataDir)).mode & 0o777).toBe(0o700);
    shop = await npmStart(dataDir, { STAFF_EMAIL, STAFF_PASSWORD });
    const staff = await csrfReady(shop.url);
    const login = await staff.post('/api/sessions/', { email: STAFF_EMAIL, password: STAFF_PASSWORD });
    expect(login.status, login.text).toBe(200);
    expect((await staff.get('/api/users/')).body.is_staff).toBe(true);
    // The demo customer is still made; no demo account takes the STAFF_EMAIL address.
    expect(shop.output()).toContain('customer@example.com / Demo');
    expect(shop.output()).not.toContain(`${STAFF_EMAIL} / Demo`);
  });

  it('npm run replay on the same DATA_DIR says in one line that the database is in use and what to do', async () => {
    const replay = runNpm(['run', 'replay', '--', '--projection', 'all'], { DATA_DIR: dataDir });
    expect(await replay.exited).toBe(1);
    expect(replay.output()).toMatch(/in use by another process .*stop that shop first, or set DATABASE_URL/);
    expect(replay.output()).not.toMatch(/^undefined$/m);
    expect(isAlive(shop!.postgresPid)).toBe(true);
  });

  it('SIGTERM to the npm process stops the shop and its PostgreSQL', async () => {
    const running = shop!;
    running.child.kill('SIGTERM');
    await running.exited;
    await gone(running.shopPid);
    await gone(running.postgresPid);
    expect(isAlive(running.postgresPid)).toBe(false);
  });

  it('a stale postmaster.pid naming a live process does not block the next start; SIGHUP to npm stops everything', async () => {
    // A killed run leaves its lock file; its PID is soon another program's (here: this test process).
    await writeFile(path.join(dataDir, 'postgres', 'cluster', 'postmaster.pid'), `${process.pid}\n${dataDir}\n`);
    shop = await npmStart(dataDir, { STAFF_EMAIL, STAFF_PASSWORD });
    const staff = await csrfReady(shop.url);
    expect((await staff.post('/api/sessions/', { email: STAFF_EMAIL, password: STAFF_PASSWORD })).status).toBe(200);
    shop.child.kill('SIGHUP');
    await shop.exited;
    await gone(shop.shopPid);
    await gone(shop.postgresPid);
    expect(isAlive(shop.postgresPid)).toBe(false);
  });

  it.runIf(process.getuid?.() === 0)('as root, a folder above DATA_DIR the postgres user cannot pass stops the start with one line', async () => {
    const blocked = await mkdtemp(path.join(tmpdir(), 'shop-blocked-'));
    try {
      const nested = path.join(blocked, 'deeper', 'data');
      await mkdir(nested, { recursive: true });
      const run = runNpm(['start'], { DATA_DIR: nested, PORT: '0' });
      expect(await run.exited).toBe(1);
      expect(run.output()).toContain(`cannot reach ${blocked} (mode 700): run 'chmod o+x ${blocked}' or choose a DATA_DIR outside it`);
      expect(run.output()).not.toMatch(/^\s+at /m);
    } finally {
      await rm(blocked, { recursive: true, force: true });
    }
  });
});
