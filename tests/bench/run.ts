import { spawn } from 'node:child_process';
import { mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createPool, startEmbeddedPostgres } from '@shop/infra';
import { createTestDatabase } from '@shop/infra/testing';
import { readModelMigrationDirs } from '@shop/projectors';
import { appendBench } from './append-bench.js';
import { httpBench } from './http-bench.js';
import { lagBench } from './lag-bench.js';
import { liveBench } from './live-bench.js';
import { lighthouseBench } from './lighthouse-bench.js';
import { personalDataBench } from './personal-data-bench.js';
import { queryBench } from './query-bench.js';
import { replayBench } from './replay-bench.js';
import { reportsBench } from './reports-bench.js';
import { sessionBench } from './session-bench.js';
import { webBench } from './web-bench.js';
import type { BenchContext, Row } from './bench-context.js';

/**
 * `npm run bench [-- --quick]`: every figure measured in the same run on the same
 * PostgreSQL, each next to its baseline. Prints one table and writes docs/benchmarks.md.
 */
const sections: Array<[string, (context: BenchContext) => Promise<Row[]>]> = [
  ['append', appendBench],
  ['replay', replayBench],
  ['reports', reportsBench],
  ['lag', lagBench],
  ['live', liveBench],
  ['query', queryBench],
  ['session', sessionBench],
  ['http', httpBench],
  ['web', webBench],
  ['personal-data', personalDataBench],
  ['lighthouse', lighthouseBench],
];

async function main() {
  const quick = process.argv.includes('--quick');
  const only = process.argv.find((arg) => arg.startsWith('--only='))?.slice('--only='.length);
  const postgres = process.env.DATABASE_URL
    ? null
    : await startEmbeddedPostgres({ dataDir: await mkdtemp(path.join(os.tmpdir(), 'shop-bench-pg-')), ephemeral: true, database: 'postgres' });
  const adminUrl = process.env.DATABASE_URL ?? postgres!.databaseUrl;
  const rows: Row[] = [];
  try {
    if (only) rows.push(...(await runSection(only, adminUrl, quick)));
    else {
      for (const [index, [name]] of sections.entries()) {
        await settle(adminUrl);
        rows.push(...(await runInChild(name, adminUrl).catch((error: unknown) => [failedRow(name, error)])));
        // A full run takes long: the file keeps every finished section as it goes, so a run cut short keeps its figures.
        const pending = sections.slice(index + 1).map(([later]) => later);
        await writeFile(BENCHMARKS_FILE, toMarkdown(rows, quick, pending));
      }
    }
  } finally {
    await postgres?.stop();
  }
  if (process.argv.includes(ROWS_FLAG)) {
    console.log(JSON.stringify(rows));
    return;
  }
  console.log(toMarkdown(rows, quick, []));
}

const BENCHMARKS_FILE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../docs/benchmarks.md');

/** A section that failed still leaves a row saying so, and the run goes on to the next one. */
function failedRow(section: string, error: unknown): Row {
  return { section, case: 'the whole section', figures: `failed: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`, ratio: '–' };
}

async function runSection(name: string, adminUrl: string, quick: boolean): Promise<Row[]> {
  const section = sections.find(([candidate]) => candidate === name)?.[1];
  if (!section) throw new Error(`no bench section ${name}`);
  const drops: Array<() => Promise<void>> = [];
  const context: BenchContext = {
    quick,
    adminUrl,
    freshDatabase: async () => {
      const db = await createTestDatabase(adminUrl, readModelMigrationDirs);
      drops.push(db.drop);
      return db.url;
    },
  };
  process.stderr.write(`running ${name}…\n`);
  try {
    return await section(context);
  } finally {
    for (const drop of drops) await drop().catch(() => undefined);
  }
}

/** The child's last line of output is its rows as JSON. */
const ROWS_FLAG = '--rows-as-json';

/**
 * A section in a process of its own, started with this one's Node flags and arguments, on the
 * same PostgreSQL: the heap, the JIT and the connections one section leaves behind do not weigh
 * on the next one's figures (the replay bench times a process's first rebuild, as \`npm run
 * replay\` pays it, and after the append bench that first rebuild was 15% slower).
 */
function runInChild(name: string, adminUrl: string): Promise<Row[]> {
  const args = [...process.execArgv, fileURLToPath(import.meta.url), ...process.argv.slice(2), `--only=${name}`, ROWS_FLAG];
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, DATABASE_URL: adminUrl } });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code !== 0) return reject(new Error(`bench section ${name} exited with ${code}`));
      resolve(JSON.parse(output.trim().split('\n').at(-1)!) as Row[]);
    });
  });
}

/**
 * Waits (up to a minute) until no autovacuum worker runs: the section before may have left tables
 * for it to vacuum, and on two cores its work would be timed as the next section's.
 */
async function settle(adminUrl: string): Promise<void> {
  const pool = createPool(adminUrl, 1);
  try {
    for (let waited = 0; waited < 60_000; waited += 500) {
      const { rows } = await pool.query<{ workers: number }>("SELECT count(*)::int AS workers FROM pg_stat_activity WHERE backend_type = 'autovacuum worker'");
      if (rows[0]!.workers === 0) return;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  } finally {
    await pool.end();
  }
}

function toMarkdown(rows: Row[], quick: boolean, pending: string[]): string {
  const machine = `${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown'}), ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`;
  return [
    `# Benchmarks`,
    ``,
    `Run ${new Date().toISOString()}${quick ? ' (quick)' : ''} on ${machine}. All figures from one run on one PostgreSQL.` +
      (pending.length > 0 ? ` Still running (or cut short) before: ${pending.join(', ')}.` : ''),
    ``,
    `| section | case | figures | ratio |`,
    `|---|---|---|---|`,
    ...rows.map((row) => `| ${row.section} | ${row.case} | ${row.figures} | ${row.ratio} |`),
    ``,
  ].join('\n');
}

await main();
