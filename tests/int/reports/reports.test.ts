import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DuckDBInstance } from '@duckdb/node-api';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { EventStore } from '@shop/infra';
import { openEventStore } from '@shop/personal-data';
import { createTestDatabase, type TestDatabase } from '@shop/infra/testing';
import { allProjections, readModelMigrationDirs, rebuildAll } from '@shop/projectors';
import { funnelCounts, leadTimes } from '@shop/projectors/queries';
import { builtInReports, exportCommand, reportCommand, runReport, type ReportOptions, type ReportRow } from '@shop/analytics/reports';
import { generateDemoData } from '@shop/server';
import { recordedAsOccurred } from '../../support/recorded-as-occurred.js';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const NOW = new Date();
const DAY_MS = 86_400_000;

let db: TestDatabase;
let eventStore: EventStore;
let scratch: string;
beforeAll(async () => {
  db = await createTestDatabase(inject('adminDatabaseUrl'), readModelMigrationDirs);
  eventStore = openEventStore({}, db.pool);
  await generateDemoData({ pool: db.pool, eventStore }, { projects: 120, months: 12, seed: 32, now: NOW });
  await recordedAsOccurred(db.pool);
  scratch = await mkdtemp(path.join(os.tmpdir(), 'reports-'));
}, 600_000);
afterAll(async () => {
  await db?.drop();
  if (scratch) await rm(scratch, { recursive: true, force: true });
});

/** One of the analysts' commands against the test database, as an analyst runs it. */
function cli(script: 'report' | 'export', args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(repoRoot, `analytics/src/cli/${script}.ts`), ...args], {
    cwd: repoRoot,
    env: { ...process.env, DATABASE_URL: db.url, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, stdout, stderr })));
}

/** The same command run in this process (no start-up of its own): what it wrote and its exit code. */
async function command(script: 'report' | 'export', args: string[], stdoutIsTTY = false): Promise<{ code: number | null; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const io = {
    env: { ...process.env, DATABASE_URL: db.url },
    stdout: { write: (text: string) => (stdout += text), isTTY: stdoutIsTTY },
    stderr: { write: (text: string) => (stderr += text), isTTY: false },
    cwd: repoRoot,
  };
  const code = await (script === 'report' ? reportCommand : exportCommand)(args, io);
  return { code, stdout, stderr };
}

const options = (given: Partial<ReportOptions> = {}): ReportOptions => ({ from: null, to: null, asOf: null, by: 'all', now: NOW, idleDays: 30, ...given });
const run = (name: string, given: Partial<ReportOptions> = {}) => runReport(eventStore, builtInReports[name]!, options(given));
const sql = async <T extends Record<string, unknown>>(text: string, values: unknown[] = []) => (await db.pool.query<T>(text, values)).rows;
const sum = (rows: readonly ReportRow[], column: string) => rows.reduce((total, row) => total + Number(row[column]), 0);

describe('npm run report on a demo history', () => {
  it('runs every built-in report in every format (a table on a terminal by default), with every grouping', { timeout: 600_000 }, async () => {
    for (const name of Object.keys(builtInReports)) {
      const inFormat = (format: string) => command('report', [name, '--format', format, '--by', 'month']);
      const [table, csv, json] = await Promise.all([command('report', [name, '--by', 'month'], true), inFormat('csv'), inFormat('json')]);
      for (const result of [table, csv, json]) expect(result, `${name}: ${result.stderr}`).toMatchObject({ code: 0 });
      const rows = JSON.parse(json.stdout) as ReportRow[];
      expect(rows.length, name).toBeGreaterThan(0);
      const columns = Object.keys(rows[0]!);
      expect(csv.stdout.split('\r\n')[0]).toBe(columns.join(','));
      expect(csv.stdout.trimEnd().split('\r\n')).toHaveLength(rows.length + 1);
      const [header, rule] = table.stdout.split('\n');
      expect(header!.split(/\s+/)).toEqual(columns);
      expect(rule).toMatch(/^-+( +-+)*$/);
    }
    for (const by of ['week', 'product-type', 'category'] as const) {
      for (const name of Object.keys(builtInReports)) expect((await run(name, { by })).length, `${name} --by ${by}`).toBeGreaterThan(0);
    }
  });

  it('gives the numbers SQL over the raw events gives: funnel counts, draft-to-paid p50, abandoned drafts, staff totals, revenue', { timeout: 300_000 }, async () => {
    const funnel = await run('funnel');
    const steps = await sql<{ step: string; projects: number }>(`
      WITH started AS (SELECT stream_id FROM events WHERE event_type IN ('ProjectCreated', 'ProjectCopied'))
      SELECT CASE event_type WHEN 'ProjectCreated' THEN 'started' WHEN 'ProjectCopied' THEN 'started' WHEN 'SubmittedForReview' THEN 'submitted'
                             WHEN 'ItemsPriced' THEN 'priced' WHEN 'ProjectApproved' THEN 'approved' WHEN 'PaymentRecorded' THEN 'paid'
                             WHEN 'ProjectShipped' THEN 'shipped' ELSE 'cancelled' END AS step,
             count(DISTINCT stream_id)::int AS projects
        FROM events JOIN started USING (stream_id)
       WHERE event_type IN ('ProjectCreated', 'ProjectCopied', 'SubmittedForReview', 'ItemsPriced', 'ProjectApproved', 'PaymentRecorded', 'ProjectShipped', 'ProjectArchived', 'ProjectDeleted')
       GROUP BY 1`);
    expect(Object.fromEntries(funnel.map((row) => [row.step, row.projects]))).toEqual(Object.fromEntries(steps.map((row) => [row.step, row.projects])));
    expect(funnel.find((row) => row.step === 'shipped')!.projects).toBeGreaterThan(0);

    const leadTimes = await run('lead-times');
    const [p50] = await sql<{ days: string; n: number }>(`
      SELECT percentile_disc(0.5) WITHIN GROUP (ORDER BY days) AS days, count(*)::int AS n FROM (
        SELECT round((extract(epoch FROM min((data ->> 'at')::timestamptz) FILTER (WHERE event_type = 'PaymentRecorded')
                                       - min((data ->> 'at')::timestamptz) FILTER (WHERE event_type IN ('ProjectCreated', 'ProjectCopied'))) / 86400)::numeric, 2) AS days
          FROM events WHERE stream_id LIKE 'project-%' GROUP BY stream_id HAVING bool_or(event_type = 'PaymentRecorded')) paid`);
    const draftToPaid = leadTimes.find((row) => row.measure === 'draft-to-paid')!;
    expect(draftToPaid.count).toBe(p50!.n);
    expect(Math.abs(Number(draftToPaid.p50_days) - Number(p50!.days))).toBeLessThanOrEqual(0.01);

    const abandoned = await run('abandoned');
    const [drafts] = await sql<{ n: number }>(
      `WITH moves AS (
         SELECT DISTINCT ON (stream_id) stream_id, event_type FROM events
          WHERE event_type IN ('ProjectCreated', 'ProjectCopied', 'SubmittedForReview', 'ReturnedToDraft', 'ProjectArchived', 'ProjectDeleted')
          ORDER BY stream_id, stream_revision DESC)
       SELECT count(*)::int AS n FROM moves
        WHERE event_type IN ('ProjectCreated', 'ProjectCopied', 'ReturnedToDraft')
          AND NOT EXISTS (SELECT 1 FROM events d WHERE d.stream_id = moves.stream_id AND d.event_type = 'ProjectDeleted')
          AND (SELECT max((data ->> 'at')::timestamptz) FROM events t WHERE t.stream_id = moves.stream_id) <= $1`,
      [new Date(NOW.getTime() - 30 * DAY_MS)],
    );
    expect(abandoned).toHaveLength(drafts!.n);
    expect(abandoned.length).toBeGreaterThan(0);
    expect(abandoned.every((row) => Number(row.idle_days) >= 30 && typeof row.quote_cents === 'number')).toBe(true);

    const staff = await run('staff-activity');
    const perStaff = await sql<{ actor: string; n: number }>(`
      WITH staff AS (SELECT substr(stream_id, 9) AS user_id FROM events WHERE event_type = 'StaffFlagSet' AND (data ->> 'isStaff')::boolean)
      SELECT metadata ->> 'actor' AS actor, count(*)::int AS n FROM events WHERE metadata ->> 'actor' IN (SELECT user_id FROM staff) GROUP BY 1`);
    const reported = new Map<string, number>();
    for (const row of staff) reported.set(String(row.staff_id), (reported.get(String(row.staff_id)) ?? 0) + Number(row.events));
    expect(Object.fromEntries(reported)).toEqual(Object.fromEntries(perStaff.map((row) => [row.actor, row.n])));
    expect(staff.every((row) => typeof row.staff_name === 'string' && row.staff_name.length > 0)).toBe(true);

    const revenue = await run('revenue');
    const [paid] = await sql<{ cents: string; n: number }>("SELECT sum((data ->> 'amount')::bigint) AS cents, count(*)::int AS n FROM events WHERE event_type = 'PaymentRecorded'");
    expect(revenue).toHaveLength(paid!.n);
    expect(sum(revenue, 'amount_cents')).toBe(Number(paid!.cents));
    expect(sum(await run('revenue', { by: 'product-type' }), 'revenue_cents')).toBe(Number(paid!.cents));
  });

  it('gives the same funnel and lead times from the project_flow read model (rebuilt like every projection) as the reports, for all and for one product type', { timeout: 300_000 }, async () => {
    await rebuildAll({ pool: db.pool, eventStore }, allProjections.filter((projection) => projection.name === 'project_flow'));
    const funnel = await run('funnel', { by: 'product-type' });
    const leadTimeRows = await run('lead-times', { by: 'product-type' });
    const types = [...new Set(funnel.map((row) => String(row.group)))];
    expect(types.length).toBeGreaterThan(3);
    for (const productType of [null, ...types]) {
      const rows = productType === null ? await run('funnel') : funnel.filter((row) => row.group === productType);
      const counts = await funnelCounts(db.pool, { from: null, to: null, productType });
      expect(counts, String(productType)).toEqual(Object.fromEntries(rows.map((row) => [row.step, row.projects])));
      const measures = productType === null ? await run('lead-times') : leadTimeRows.filter((row) => row.group === productType);
      const fromTheModel = await leadTimes(db.pool, { from: null, to: null, productType });
      expect(Object.fromEntries(fromTheModel.map(({ measure, ...figures }) => [measure, figures])), String(productType)).toEqual(
        Object.fromEntries(measures.map((row) => [row.measure, { count: row.count, p50_days: row.p50_days, p90_days: row.p90_days, max_days: row.max_days }])),
      );
    }
  });

  it('reads a staff member erased since as erased, while their counts stay', { timeout: 120_000 }, async () => {
    const [someone] = await sql<{ actor: string }>(`
      SELECT metadata ->> 'actor' AS actor FROM events
       WHERE metadata ->> 'actor' IN (SELECT substr(stream_id, 9) FROM events WHERE event_type = 'StaffFlagSet') ORDER BY global_position DESC LIMIT 1`);
    const before = (await run('staff-activity')).filter((row) => row.staff_id === someone!.actor);
    expect(before[0]!.staff_name).not.toBe('[erased]');
    await db.pool.query('UPDATE personal_data_keys SET data_key = NULL, erased_at = now() WHERE person_id = $1', [someone!.actor]);
    const after = (await run('staff-activity')).filter((row) => row.staff_id === someone!.actor);
    expect(after.map((row) => row.staff_name)).toEqual(before.map(() => '[erased]'));
    expect(after.map((row) => row.events)).toEqual(before.map((row) => row.events));
  });

  it('--as-of answers as the log stood then: events recorded later do not move it', { timeout: 300_000 }, async () => {
    const asOf = new Date(NOW.getTime() - 60 * DAY_MS);
    const names = ['revenue', 'funnel', 'lead-times', 'abandoned', 'staff-activity'];
    const before = await Promise.all(names.map((name) => run(name, { asOf, now: asOf })));
    const [cut] = await sql<{ n: number }>("SELECT count(*)::int AS n FROM events WHERE event_type = 'PaymentRecorded' AND (metadata ->> 'occurredAt')::timestamptz <= $1", [asOf]);
    expect(before[0]).toHaveLength(cut!.n);

    // A new project and its payment, recorded now (after the as-of date).
    const projectId = randomUUID();
    const at = new Date().toISOString();
    const metadata = { actor: 'system', correlationId: randomUUID(), causationId: null, occurredAt: at };
    const body = { name: 'After the date', category: null, fabrics: [], additional_notes: '', notes: {}, shipping_notes: {}, shipping_cost: 0 };
    await eventStore.appendToStream(`project-${projectId}`, [
      { id: randomUUID(), type: 'ProjectCreated', data: { projectId, ownerId: 'someone', organizationId: null, productionTime: 3, ...body, at, by: 'system' }, metadata },
      { id: randomUUID(), type: 'PaymentRecorded', data: { amount: 12_345, partial: false, remaining: 0, details: 'late', chargeId: null, at, by: 'system' }, metadata },
    ]);

    const after = await Promise.all(names.map((name) => run(name, { asOf, now: asOf })));
    expect(after).toEqual(before);
    const [viaCli] = await Promise.all([cli('report', ['revenue', '--as-of', asOf.toISOString(), '--format', 'json'])]);
    expect(JSON.parse(viaCli!.stdout)).toEqual(JSON.parse(JSON.stringify(before[0])));
    const today = await run('revenue');
    expect(today.length).toBe(before[0]!.length + (await sql<{ n: number }>("SELECT count(*)::int AS n FROM events WHERE event_type = 'PaymentRecorded' AND (metadata ->> 'occurredAt')::timestamptz > $1", [asOf]))[0]!.n);
  });

  it('runs a report written from the template, read-only, on the same engine', { timeout: 120_000 }, async () => {
    const result = await cli('report', ['./reports/example-report.ts', '--format', 'json']);
    expect(result, result.stderr).toMatchObject({ code: 0 });
    const rows = JSON.parse(result.stdout) as ReportRow[];
    const [paid] = await sql<{ cents: string; staff: number; checkout: number }>(
      "SELECT sum((data ->> 'amount')::bigint) AS cents, count(*) FILTER (WHERE data ->> 'chargeId' IS NULL)::int AS staff, count(*) FILTER (WHERE data ->> 'chargeId' IS NOT NULL)::int AS checkout FROM events WHERE event_type = 'PaymentRecorded'",
    );
    expect(sum(rows, 'amount_cents')).toBe(Number(paid!.cents));
    expect(sum(rows, 'staff_payments')).toBe(paid!.staff);
    expect(sum(rows, 'checkout_payments')).toBe(paid!.checkout);
    expect(rows.length).toBeGreaterThanOrEqual(12);
  });

  it('refuses bad flags with one line and exit code 2', { timeout: 120_000 }, async () => {
    const cases: Array<[string[], RegExp]> = [
      [['funnel', '--by', 'year'], /--by must be one of month, week, product-type, category/],
      [['funnel', '--format', 'xml'], /--format must be one of table, csv, json/],
      [['sales'], /no report named sales/],
      [['funnel', '--as-of', 'last tuesday'], /--as-of must be an ISO date/],
      [['funnel', '--from', '2026-05-01', '--to', '2026-04-01'], /--from 2026-05-01 is after --to 2026-04-01/],
      [['funnel', '--to', '2026-02-30'], /--to must be a day such as 2026-03-31 \(got 2026-02-30\)/],
      [['abandoned', '--idle-days', 'many'], /--idle-days must be a whole number/],
      [['funnel', '--colour'], /Unknown option '--colour'/],
      [['./no/such-report.ts'], /no report file at/],
    ];
    const results = await Promise.all(cases.map(([args]) => command('report', args)));
    // And once as its own process: the exit code reaches the shell.
    cases.push(cases[0]!);
    results.push(await cli('report', cases[0]![0]));
    results.forEach((result, index) => {
      expect(result.code, cases[index]![0].join(' ')).toBe(2);
      expect(result.stderr).toMatch(cases[index]![1]);
      expect(result.stderr.trimEnd().split('\n')).toHaveLength(1);
    });
  });
});

describe('npm run export -- events', () => {
  it('writes Parquet that DuckDB reads back: one row per event in range, payments summing to the revenue report', { timeout: 300_000 }, async () => {
    const from = new Date(NOW.getTime() - 200 * DAY_MS).toISOString().slice(0, 10);
    const to = new Date(NOW.getTime() - 20 * DAY_MS).toISOString().slice(0, 10);
    const file = path.join(scratch, 'events.parquet');
    const result = await cli('export', ['events', '--format', 'parquet', '--from', from, '--to', to, '--out', file]);
    expect(result, result.stderr).toMatchObject({ code: 0 });
    const [inRange] = await sql<{ n: number }>(
      "SELECT count(*)::int AS n FROM events WHERE ((metadata ->> 'occurredAt')::timestamptz AT TIME ZONE 'America/New_York')::date BETWEEN $1 AND $2",
      [from, to],
    );
    const duck = await (await DuckDBInstance.create(':memory:')).connect();
    const read = async (query: string) => (await duck.runAndReadAll(query)).getRowObjectsJS();
    const [counted] = await read(`SELECT count(*) AS n, sum("data.amount") FILTER (WHERE type = 'PaymentRecorded') AS cents, list(DISTINCT actor_role ORDER BY actor_role) AS roles FROM read_parquet('${file}')`);
    const revenue = await run('revenue', { from, to });
    expect(Number(counted!.n)).toBe(inRange!.n);
    expect(Number(counted!.cents)).toBe(sum(revenue, 'amount_cents'));
    expect(counted!.roles).toEqual(expect.arrayContaining(['customer', 'staff']));
    expect(counted!.roles).not.toContain('unknown');
    // Personal fields stay sealed: no customer's e-mail address in the file (an organization's own address is not personal).
    const [sealed] = await read(
      `SELECT count(*) FILTER (WHERE "data.email" LIKE '%@%') AS clear, count(*) FILTER (WHERE "data.email" = '[sealed]') AS sealed FROM read_parquet('${file}') WHERE stream LIKE 'account-%'`,
    );
    expect(Number(sealed!.clear)).toBe(0);
    expect(Number(sealed!.sealed)).toBeGreaterThan(0);
    duck.closeSync();
  });

  it('writes NDJSON, with personal data only when asked for it', { timeout: 300_000 }, async () => {
    const sealedFile = path.join(scratch, 'sealed.ndjson');
    const openFile = path.join(scratch, 'open.ndjson');
    const [sealed, open] = await Promise.all([
      command('export', ['events', '--format', 'ndjson', '--out', sealedFile]),
      command('export', ['events', '--format', 'ndjson', '--out', openFile, '--with-personal-data']),
    ]);
    expect(sealed, sealed.stderr).toMatchObject({ code: 0 });
    expect(open, open.stderr).toMatchObject({ code: 0 });
    const lines = (text: string) => text.trimEnd().split('\n').map((line) => JSON.parse(line) as Record<string, unknown>);
    const sealedRows = lines(await readFile(sealedFile, 'utf8'));
    const openRows = lines(await readFile(openFile, 'utf8'));
    const [events] = await sql<{ n: number }>('SELECT count(*)::int AS n FROM events');
    expect(sealedRows).toHaveLength(events!.n);
    expect(openRows).toHaveLength(events!.n);
    const registered = (rows: Array<Record<string, unknown>>) => rows.filter((row) => row.type === 'Registered').map((row) => row['data.email']);
    expect(registered(sealedRows).every((email) => email === '[sealed]' || email === '[erased]')).toBe(true);
    expect(registered(openRows).filter((email) => String(email).includes('@')).length).toBeGreaterThan(10);
    expect(registered(openRows)).toContain('[erased]'); // the staff member erased in the test above
    expect(Object.keys(sealedRows[0]!).slice(0, 13)).toEqual([
      'position', 'time', 'stream', 'type', 'actor_role', 'schema_version',
      'event_id', 'stream_revision', 'transaction_id', 'recorded_at', 'correlation_id', 'causation_id', 'chain_hash',
    ]);
    // Each row carries where its event is in the log and its chain hash, as stored (decision 0348).
    const stored = await sql<{ event_id: string; stream_revision: number; txid: string; position: string; correlation_id: string; chain_hash: string }>(
      `SELECT event_id::text, stream_revision::int, transaction_id::text AS txid, global_position::text AS position,
              metadata ->> 'correlationId' AS correlation_id, encode(event_hash, 'hex') AS chain_hash FROM events`,
    );
    const byId = new Map(sealedRows.map((row) => [row.event_id, row]));
    for (const event of stored) {
      expect(byId.get(event.event_id)).toMatchObject({
        stream_revision: event.stream_revision,
        transaction_id: Number(event.txid),
        position: Number(event.position),
        correlation_id: event.correlation_id,
        chain_hash: event.chain_hash,
        recorded_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/),
      });
    }
  });

  it('refuses a missing --out or format with one line and exit code 2', { timeout: 60_000 }, async () => {
    const [noOut, badFormat] = await Promise.all([command('export', ['events', '--format', 'parquet']), command('export', ['events', '--format', 'xlsx', '--out', 'x'])]);
    expect(noOut.code).toBe(2);
    expect(noOut.stderr.trim()).toBe('export: --out <file> is needed');
    expect(badFormat.code).toBe(2);
    expect(badFormat.stderr.trim()).toBe('export: --format must be parquet or ndjson (got xlsx)');
  });
});
