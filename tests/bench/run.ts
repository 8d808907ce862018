import { mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startEmbeddedPostgres } from '@shop/infra';
import { createTestDatabase } from '@shop/infra/testing';
import { readModelMigrationDirs } from '@shop/projectors';
import { appendBench } from './append-bench.js';
import { lagBench } from './lag-bench.js';
import { personalDataBench } from './personal-data-bench.js';
import { queryBench } from './query-bench.js';
import { replayBench } from './replay-bench.js';
import { webBench } from './web-bench.js';
import type { BenchContext, Row } from './bench-context.js';

/**
 * `npm run bench [-- --quick]`: every figure measured in the same run on the same
 * PostgreSQL, each next to its baseline. Prints one table and writes docs/benchmarks.md.
 */
const sections: Array<[string, (context: BenchContext) => Promise<Row[]>]> = [
  ['append', appendBench],
  ['replay', replayBench],
  ['lag', lagBench],
  ['query', queryBench],
  ['web', webBench],
  ['personal-data', personalDataBench],
];

async function main() {
  const quick = process.argv.includes('--quick');
  const only = process.argv.find((arg) => arg.startsWith('--only='))?.slice('--only='.length);
  const postgres = process.env.DATABASE_URL
    ? null
    : await startEmbeddedPostgres({ dataDir: await mkdtemp(path.join(os.tmpdir(), 'shop-bench-pg-')), ephemeral: true, database: 'postgres' });
  const adminUrl = process.env.DATABASE_URL ?? postgres!.databaseUrl;
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
  const rows: Row[] = [];
  try {
    for (const [name, section] of sections) {
      if (only && only !== name) continue;
      process.stderr.write(`running ${name}…\n`);
      rows.push(...(await section(context)));
    }
  } finally {
    for (const drop of drops) await drop().catch(() => undefined);
    await postgres?.stop();
  }
  const table = toMarkdown(rows, quick);
  console.log(table);
  if (!only) await writeFile(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../docs/benchmarks.md'), table);
}

function toMarkdown(rows: Row[], quick: boolean): string {
  const machine = `${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown'}), ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`;
  return [
    `# Benchmarks`,
    ``,
    `Run ${new Date().toISOString()}${quick ? ' (quick)' : ''} on ${machine}. All figures from one run on one PostgreSQL.`,
    ``,
    `| section | case | figures | ratio |`,
    `|---|---|---|---|`,
    ...rows.map((row) => `| ${row.section} | ${row.case} | ${row.figures} | ${row.ratio} |`),
    ``,
  ].join('\n');
}

await main();
