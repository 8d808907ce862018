import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { embeddedConfigSchema, loadConfig } from '@shop/infra';
import { EventStoreDbRefused } from '@shop/personal-data';
import { exportCommand } from '@shop/analytics/reports';
import { startShop } from '@shop/server';
import { repoRoot, runCommand } from '../../support/run-command.js';

/**
 * Decision 0421: what reads the PostgreSQL event log itself (the rebuild, the export's chain
 * columns, the projections' lag, the purge's wait) refuses to start when EVENTSTORE_URL is set,
 * with one line saying so, instead of working on an empty log (a rebuild would swap in empty
 * tables). No EventStoreDB server is needed: each refuses before it connects to anything.
 */
const EVENTSTORE_URL = 'esdb://localhost:2113?tls=false';
const REFUSAL = /^EVENTSTORE_URL is set, but .+ reads the PostgreSQL event log itself; unset EVENTSTORE_URL \(decision 0421\)$/;

let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'shop-esdb-refused-'));
});
afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

/** A script of the repo in its own process; its exit code and what it wrote. */
const run = (script: string, args: string[], env: NodeJS.ProcessEnv) => runCommand(process.execPath, ['--import', 'tsx', path.join(repoRoot, script), ...args], { ...process.env, ...env });

describe('with EVENTSTORE_URL set', () => {
  it('the shop refuses to start, before it opens its database', async () => {
    const config = loadConfig(embeddedConfigSchema, { PORT: '0', DATA_DIR: dataDir, EVENTSTORE_URL });
    const started = startShop(config);
    await expect(started).rejects.toBeInstanceOf(EventStoreDbRefused);
    await expect(started).rejects.toThrow(REFUSAL);
    expect(await readdir(dataDir)).toEqual([]);
  });

  it('a role on its own exits 1 with the refusal as its one line', { timeout: 120_000 }, async () => {
    const projectors = await run('server/src/start-projectors.ts', [], { DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none', EVENTSTORE_URL, DATA_DIR: dataDir });
    expect(projectors.code).toBe(1);
    expect(projectors.stderr.trim()).toMatch(REFUSAL);
  });

  it('npm run replay exits 1 with one line and rebuilds nothing', { timeout: 120_000 }, async () => {
    const replay = await run('projectors/src/cli/replay.ts', ['--projection', 'all'], { EVENTSTORE_URL, DATA_DIR: dataDir });
    expect(replay.code).toBe(1);
    expect(replay.stderr.trim()).toMatch(REFUSAL);
    expect(replay.stderr).toContain('npm run replay');
    expect(await readdir(dataDir)).toEqual([]);
  });

  it('npm run export answers 1 with one line and writes no file', async () => {
    let stderr = '';
    const out = path.join(dataDir, 'events.ndjson');
    const code = await exportCommand(['events', '--format', 'ndjson', '--out', out], {
      env: { EVENTSTORE_URL, DATA_DIR: dataDir },
      stdout: { write: () => true },
      stderr: { write: (text: string) => (stderr += text) },
      cwd: dataDir,
    });
    expect(code).toBe(1);
    expect(stderr.trim()).toMatch(new RegExp(`^export: ${REFUSAL.source.slice(1)}`));
    expect(stderr).toContain('npm run export');
    expect(await readdir(dataDir)).toEqual([]);
  });
});
