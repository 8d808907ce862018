import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { createLogger, embeddedConfigSchema, loadConfig, type Logger } from '@shop/infra';
import { PostgresEventStore } from '@shop/event-store';
import { createTestDatabase, type TestDatabase } from '@shop/infra/testing';
import { allProjections, ProjectionRunner, readModelMigrationDirs, rebuildAll, type Projection } from '@shop/projectors';
import { startShop, type RunningShop } from '@shop/server';
import type { ApiClient } from '../../support/http-client.js';
import { loadEvents } from '../../support/event-history.js';
import { appendDomainEvents, memberAdded, organizationCreated } from '../queries/support/domain-events.js';
import { fingerprint, waitCaughtUp } from '../queries/support/read-model-fingerprint.js';
import { clientAs, staffUser } from '../queries/support/sessions.js';
import { memberCountMigration, organizationsV2, projectionsWith } from './support/organizations-v2.js';

/**
 * Issue 35 (docs/decisions/0215): a projection whose code has a new version is rebuilt in the
 * background and swapped in while its old tables serve and follow the log. Organizations at a
 * test-only version 2 that adds a column (support/organizations-v2.ts), over a log of project
 * events and organizations with members; the shop's command and query roles run in this process
 * over HTTP while a staff client creates organizations and reads the list all along.
 */
const HISTORY = Number(process.env.UPGRADE_TEST_EVENTS ?? 20_000);
const ORGANIZATIONS = 120;
const BROKEN = 'Broken Org';
const childScript = path.resolve(path.dirname(fileURLToPath(import.meta.url)), 'support/upgrade-projectors.ts');
const organizationsV1 = allProjections.find((projection) => projection.name === 'organizations')!;

let db: TestDatabase;
let shop: RunningShop;
let staff: ApiClient;

beforeAll(async () => {
  db = await createTestDatabase(inject('adminDatabaseUrl'), readModelMigrationDirs);
  await loadEvents(db.pool, HISTORY);
  const at = '2026-06-01T12:00:00.000Z';
  for (let n = 0; n < ORGANIZATIONS; n++) {
    const id = randomUUID();
    const members = Array.from({ length: n % 5 }, () => memberAdded(randomUUID(), at, 'staff-1'));
    await appendDomainEvents(db.pool, `organization-${id}`, [organizationCreated(id, n === 7 ? BROKEN : `Org ${n}`, at, 'staff-1'), ...members]);
  }
  // The shop at version 1 (which records its versions), then version 2's migration.
  await rebuildAll({ pool: db.pool, eventStore: store() }, allProjections);
  await db.pool.query(memberCountMigration);
  const config = loadConfig(embeddedConfigSchema, { PORT: '0', DATABASE_URL: db.url, LOG_LEVEL: 'warn' });
  shop = await startShop(config, createLogger('silent'), ['command', 'query']);
  staff = await clientAs(db.pool, shop.url!, staffUser('staff-upgrade'));
}, 600_000);

/** What a failed test left running: stopped before the next test starts (it would skew that one). */
const cleanups: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => undefined);
});

afterAll(async () => {
  await shop?.stop();
  await db?.drop();
});

const store = () => new PostgresEventStore(db.pool, { pollIntervalMs: 50 });

/** An embedded runner (this process) of the shop's projections with the given organizations. */
function runnerWith(organizations: Projection, logger: Logger = createLogger('silent')): ProjectionRunner {
  const runner = new ProjectionRunner({ pool: db.pool, eventStore: store(), logger, catchUpReplay: false }, projectionsWith(organizations));
  cleanups.push(() => runner.stop());
  return runner;
}

describe('projection upgrade (blue/green)', () => {
  it('rebuilds a new version in the background under a steady stream of commands and swaps it in', { timeout: 600_000 }, async () => {
    const traffic = await trafficUnderVersion1();
    const health = watchHealth();
    // 5 ms per organization event (about 2 s in all): the upgrade surely runs across many reads.
    const runner = runnerWith(organizationsV2(undefined, 5));
    await runner.start();
    await waitFor('version 2 swapped in', async () => (await storedVersion()) === 2);
    await traffic.flowing(); // and after the swap
    const { reads } = await traffic.stop();
    await waitCaughtUp(db.pool);
    await runner.stop();
    await health.stop();

    expect(runner.lastUpgrade?.kind).toBe('swapped');
    expectServedThroughout(reads);
    expect(reads.filter((read) => read.duringUpgrade).length).toBeGreaterThan(0);
    expect(health.seen()).toContain('running');
    expect(health.seen()).toContain('progress'); // events done of total, events/s, ETA
    expect(createdSoFar).toBeGreaterThan(0);
    await expectUpgraded(ORGANIZATIONS + createdSoFar);
  });

  it('survives a SIGKILL in the middle of the upgrade: the old version serves on, the next start upgrades', { timeout: 600_000 }, async () => {
    await backToVersion1();
    // Its fold takes 20 ms per organization event (about 7 s in all): killed while surely folding.
    const first = await startProjectors({ SLOW_FOLD_MS: '20' });
    const traffic = startTraffic();
    let reads: Read[];
    let second: Awaited<ReturnType<typeof startProjectors>>;
    try {
      await waitFor('the upgrade folding', async () => {
        const { rows } = await db.pool.query("SELECT 1 FROM rebuild_progress WHERE projection = 'organizations' AND events_done > 0");
        return rows.length > 0;
      });
      // With no projectors process at all, /readyz rightly reports the lag once it passes 30 s: it
      // is not asked to be ready from the kill until the restarted process has caught up.
      traffic.expectReady(false);
      await first.crash();
      expect(await storedVersion()).toBe(1);
      await traffic.flowing(); // served by version 1's tables meanwhile
      second = await startProjectors();
      await waitCaughtUp(db.pool);
      traffic.expectReady(true);
      await waitFor('version 2 swapped in', async () => (await storedVersion()) === 2);
      await traffic.flowing();
    } finally {
      ({ reads } = await traffic.stop());
    }
    await waitCaughtUp(db.pool);
    await second.stop();

    expectServedThroughout(reads);
    expect(second.output()).toContain('projection upgrade swapped in');
    const leftovers = await db.pool.query("SELECT nspname FROM pg_namespace WHERE nspname LIKE 'rebuild\\_%' OR nspname LIKE 'retired\\_%'");
    expect(leftovers.rows).toEqual([]);
    await expectUpgraded(ORGANIZATIONS + createdSoFar);
  });

  it('keeps the old version serving when the new one fails to fold, shows why, and tries again at the next start', { timeout: 600_000 }, async () => {
    await backToVersion1();
    const traffic = await trafficUnderVersion1();
    const log = capturedLogger();
    const broken = runnerWith(organizationsV2(BROKEN), log.logger);
    await broken.start();
    await waitFor('the upgrade failed', async () => (await db.pool.query("SELECT 1 FROM projection_upgrades WHERE state = 'failed'")).rows.length > 0);
    await traffic.flowing();

    expect(await storedVersion()).toBe(1);
    const health = await staff.get('/api/internal/projections/');
    const organizations = (health.body.projections as Array<{ name: string; version: number; upgrade: { state: string; to_version: number; error: string } | null }>).find(
      (row) => row.name === 'organizations',
    )!;
    expect(organizations).toMatchObject({ version: 1, upgrade: { state: 'failed', to_version: 2 } });
    expect(organizations.upgrade!.error).toContain(BROKEN);
    const metrics = await fetch(`${shop.url}/metrics`).then((response) => response.text());
    expect(metrics).toContain('projection_upgrade_failed{projection="organizations"} 1');
    expect(metrics).toContain('projection_version{projection="organizations"} 1');
    expect(log.lines().some((line) => line.level === 50 && String(line.msg).includes('projection upgrade failed') && String(line.msg).includes(BROKEN))).toBe(true);
    await broken.stop();
    expect(broken.lastUpgrade?.kind).toBe('failed');

    // The bug fixed, the next start tries again.
    const fixed = runnerWith(organizationsV2());
    await fixed.start();
    await waitFor('version 2 swapped in', async () => (await storedVersion()) === 2);
    const { reads } = await traffic.stop();
    await waitCaughtUp(db.pool);
    await fixed.stop();
    expectServedThroughout(reads);
    const after = await staff.get('/api/internal/projections/');
    expect((after.body.projections as Array<{ name: string; upgrade: unknown }>).find((row) => row.name === 'organizations')!.upgrade).toBeNull();
    await expectUpgraded(ORGANIZATIONS + createdSoFar);
  });

  it('in the scaled topology, exactly one of two projector processes started together rebuilds', { timeout: 600_000 }, async () => {
    await backToVersion1();
    // Slow folds (about 7 s): the one that gets the lock still holds it when the other asks.
    const processes = await Promise.all([startProjectors({ SLOW_FOLD_MS: '20' }), startProjectors({ SLOW_FOLD_MS: '20' })]);
    await waitCaughtUp(db.pool);
    const traffic = startTraffic();
    await waitFor('version 2 swapped in', async () => (await storedVersion()) === 2);
    await traffic.flowing();
    const { reads } = await traffic.stop();
    await waitCaughtUp(db.pool);
    await Promise.all(processes.map((child) => child.stop()));

    expectServedThroughout(reads);
    const rebuilt = processes.filter((child) => child.output().includes('upgrading projections in the background'));
    expect(rebuilt).toHaveLength(1);
    const other = processes.find((child) => child !== rebuilt[0])!;
    expect(other.output()).not.toContain('projection upgrade swapped in');
    await expectUpgraded(ORGANIZATIONS + createdSoFar);
  });
});

/**
 * Traffic flowing while version 1's projectors follow the log, which are then stopped so that the
 * test's version 2 runner replaces them (decision 0215: projector processes are replaced across a
 * version bump). The traffic must not flow with no projectors at all: each read waits for its
 * session's own writes (decision 0210), up to 2 s while nothing applies them, so the 20 reads of
 * `flowing()` would take about 40 s, past the 30 s of lag after which /readyz rightly says 503.
 */
async function trafficUnderVersion1(): Promise<ReturnType<typeof startTraffic>> {
  const version1 = runnerWith(organizationsV1);
  await version1.start();
  const traffic = startTraffic();
  await traffic.flowing();
  await version1.stop();
  return traffic;
}

/** Organizations made over HTTP so far, by this test and the ones before (the log keeps them). */
let createdSoFar = 0;

async function storedVersion(): Promise<number | null> {
  const { rows } = await db.pool.query<{ version: number | null }>("SELECT version FROM projection_checkpoints WHERE name = 'organizations'");
  return rows[0]?.version ?? null;
}

/** Version 1's tables again (a rebuild by version 1's code, which leaves the new column empty). */
async function backToVersion1(): Promise<void> {
  await rebuildAll({ pool: db.pool, eventStore: store() }, [organizationsV1]);
  expect(await storedVersion()).toBe(1);
  const filled = await db.pool.query('SELECT 1 FROM organizations WHERE member_count IS NOT NULL');
  expect(filled.rows).toEqual([]);
}

interface Read {
  status: number;
  ready: number;
  /** What /readyz said when it was not ready. */
  why?: string;
  organizations: number;
  duringUpgrade: boolean;
  /** Whether /readyz had to answer 200 (not while no projectors process runs at all). */
  readyExpected: boolean;
}

/** A staff client creating an organization every 50 ms and another reading the list (and /readyz) every 20 ms. */
function startTraffic() {
  const reads: Read[] = [];
  let running = true;
  let readyExpected = true;
  const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  const writer = (async () => {
    while (running) {
      const response = await staff.post('/api/internal/organizations/', { name: `Live ${randomUUID().slice(0, 8)}` });
      if (response.status !== 201) throw new Error(`creating an organization answered ${response.status}: ${response.text}`);
      createdSoFar++;
      await pause(50);
    }
  })();
  const reader = (async () => {
    while (running) {
      const upgrading = await db.pool.query("SELECT 1 FROM projection_upgrades WHERE projection = 'organizations' AND state = 'running'");
      const list = await staff.get('/api/internal/organizations/');
      const ready = await fetch(`${shop.url}/readyz`);
      const why = ready.status === 200 ? undefined : await ready.text();
      reads.push({ status: list.status, ready: ready.status, ...(why && { why }), organizations: Array.isArray(list.body) ? list.body.length : -1, duringUpgrade: upgrading.rows.length > 0, readyExpected });
      await pause(20);
    }
  })();
  cleanups.push(async () => {
    running = false;
    await Promise.allSettled([writer, reader]);
  });
  return {
    /** Until 20 more reads have been answered (traffic is flowing now). */
    flowing: async () => {
      const from = reads.length;
      await waitFor('reads flowing', async () => reads.length >= from + 20);
    },
    expectReady: (expected: boolean) => {
      readyExpected = expected;
    },
    stop: async () => {
      running = false;
      await Promise.all([writer, reader]);
      return { reads };
    },
  };
}

/** Every read answered 200 with at least the organizations of the history, and /readyz stayed ready (where it had to). */
function expectServedThroughout(reads: Read[]): void {
  expect(reads.filter((read) => read.status !== 200 || (read.readyExpected && read.ready !== 200))).toEqual([]);
  expect(Math.min(...reads.map((read) => read.organizations))).toBeGreaterThanOrEqual(ORGANIZATIONS);
}

/**
 * Version 2 is live: its column filled for every row, every organization there, and every table
 * (revisions included) equal to a clean rebuild of the whole log by the same code.
 */
async function expectUpgraded(organizations: number): Promise<void> {
  expect(await storedVersion()).toBe(2);
  const wrong = await db.pool.query("SELECT stream_id FROM organizations WHERE member_count IS DISTINCT FROM jsonb_array_length(view -> 'members')");
  expect(wrong.rows).toEqual([]);
  const count = await db.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM organizations');
  expect(count.rows[0]!.n).toBe(organizations);
  const projections = projectionsWith(organizationsV2());
  const live = await prints(projections);
  await rebuildAll({ pool: db.pool, eventStore: store() }, projections);
  expect(live).toEqual(await prints(projections));
}

async function prints(projections: readonly Projection[]): Promise<Record<string, Record<string, string>>> {
  const all: Record<string, Record<string, string>> = {};
  for (const projection of projections) all[projection.name] = await fingerprint(db.pool, projection);
  return all;
}

/** Polls the staff health API while an upgrade runs; remembers the upgrade states it showed ('progress': with figures). */
function watchHealth() {
  const states = new Set<string>();
  let running = true;
  const polling = (async () => {
    while (running) {
      const response = await staff.get('/api/internal/projections/');
      for (const row of (response.body?.projections ?? []) as Array<{ name: string; upgrade: { state: string; to_version: number; progress: { events_total: number } | null } | null }>) {
        if (row.name === 'organizations' && row.upgrade?.to_version === 2) states.add(row.upgrade.state);
        if (row.name === 'organizations' && (row.upgrade?.progress?.events_total ?? 0) > 0) states.add('progress');
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  })();
  return {
    seen: () => [...states],
    stop: () => {
      running = false;
      return polling;
    },
  };
}

async function waitFor(what: string, condition: () => Promise<boolean>, timeoutMs = 400_000): Promise<void> {
  const started = Date.now();
  while (!(await condition())) {
    if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** A logger whose JSON lines the test reads. */
function capturedLogger(): { logger: Logger; lines: () => Array<{ level: number; msg: unknown }> } {
  const text: string[] = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      text.push(chunk.toString());
      done();
    },
  });
  const logger = createLogger('info', 'shop', { destination, pretty: false });
  return { logger, lines: () => text.join('').split('\n').filter(Boolean).map((line) => JSON.parse(line) as { level: number; msg: unknown }) };
}

/** A projectors process (support/upgrade-projectors.ts) against the test database. */
async function startProjectors(env: Record<string, string> = {}) {
  const child = spawn(process.execPath, ['--import', 'tsx', childScript], {
    env: { ...process.env, ...env, DATABASE_URL: db.url },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const collect = (chunk: Buffer) => (output += chunk.toString());
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the projectors did not start:\n${output}`)), 120_000);
    child.stdout.on('data', () => {
      if (output.includes('projectors running')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the projectors exited with ${code}:\n${output}`));
    });
  });
  const exited = () => new Promise<void>((resolve) => (child.exitCode !== null || child.signalCode !== null ? resolve() : child.once('exit', () => resolve())));
  cleanups.push(async () => {
    child.kill('SIGKILL');
    await exited();
  });
  return {
    output: () => output,
    crash: async () => {
      child.kill('SIGKILL');
      await exited();
    },
    stop: async () => {
      child.kill('SIGTERM');
      await exited();
    },
  };
}
