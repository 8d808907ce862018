import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '@shop/infra/testing';
import { allProjections, readModelMigrationDirs } from '@shop/projectors';

/**
 * The version fence (decision 0359): a projector, query process or replay whose code is older
 * than a projection version stored in the database exits at start with one line naming both
 * versions, instead of folding the old way into (or reading) the newer release's tables.
 */
let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase(inject('adminDatabaseUrl'), readModelMigrationDirs);
}, 120_000);
afterAll(async () => {
  await db?.drop();
});

const root = fileURLToPath(new URL('../../../', import.meta.url));
const organizations = allProjections.find((projection) => projection.name === 'organizations')!;

async function storeVersion(version: number): Promise<void> {
  await db.pool.query(
    `INSERT INTO projection_checkpoints (name, transaction_id, global_position, version) VALUES ('organizations', 0, 0, $1)
     ON CONFLICT (name) DO UPDATE SET version = EXCLUDED.version`,
    [version],
  );
}

interface Run {
  code: number | null;
  output: string;
}

/** Runs a script of the repository against the test database until it exits, or until `until` shows in its output (then stops it). */
function run(script: string, args: string[] = [], until?: string): Promise<Run> {
  const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: db.url, PORT: '0', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${script} neither exited nor printed "${until}":\n${output}`));
    }, 120_000);
    const collect = (chunk: Buffer) => {
      output += chunk.toString();
      if (until && output.includes(until)) child.kill('SIGTERM');
    };
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

const fenceLine = (stored: number, code: number) =>
  `This code is older than the read models in the database: organizations is at version ${stored} there, version ${code} here. Start the newer release instead (docs/operations.md, "Rolling upgrades").`;

describe('the projection version fence', () => {
  it('lets a process of the same version start', { timeout: 180_000 }, async () => {
    await storeVersion(organizations.version);
    const started = await run('server/src/start-projectors.ts', [], 'projectors running');
    expect(started.output).toContain('projectors running');
  });

  it('stops a projectors process, a query process and a replay older than the stored version, with one line naming both versions', { timeout: 300_000 }, async () => {
    const newer = organizations.version + 1;
    await storeVersion(newer);
    const { rows: before } = await db.pool.query('SELECT name, version, global_position FROM projection_checkpoints ORDER BY name');
    for (const [script, args] of [
      ['server/src/start-projectors.ts', []],
      ['server/src/start-query-api.ts', []],
      ['projectors/src/cli/replay.ts', ['--projection', 'all']],
    ] as const) {
      const { code, output } = await run(script, [...args]);
      expect(code, `${script}:\n${output}`).toBe(1);
      const lines = output.split('\n').filter((line) => line.includes('older than the read models'));
      expect(lines, `${script}:\n${output}`).toEqual([fenceLine(newer, organizations.version)]);
    }
    // Nothing was rebuilt back or recorded at the older version.
    expect((await db.pool.query('SELECT name, version, global_position FROM projection_checkpoints ORDER BY name')).rows).toEqual(before);
  });
});
