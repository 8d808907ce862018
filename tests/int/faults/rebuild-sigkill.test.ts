import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { PostgresEventStore } from '@shop/event-store';
import { allProjections, rebuildInOnePass } from '@shop/projectors';
import { databaseWithLoggedEvents } from '../../support/logged-database.js';

/**
 * `npm run replay -- --projection all` is SIGKILLed 20 times at random moments while it
 * rebuilds 100,000 events, then run to the end. The live tables must then equal a clean
 * rebuild, and no half-built schema may be left behind.
 */
const EVENTS = Number(process.env.REBUILD_KILL_EVENTS ?? 100_000);
const KILLS = 20;
const replayCli = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../projectors/src/cli/replay.ts');

const logged = databaseWithLoggedEvents(EVENTS);

function runReplay(killAfterMs: number | null): Promise<number | null> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', replayCli, '--projection', 'all'], {
      env: { ...process.env, DATABASE_URL: logged().url },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const timer = killAfterMs === null ? null : setTimeout(() => child.kill('SIGKILL'), killAfterMs);
    child.on('exit', (code, signal) => {
      if (timer) clearTimeout(timer);
      if (signal === 'SIGKILL') return resolve(null);
      if (code !== 0) return reject(new Error(`replay exited ${code}: ${stderr}`));
      resolve(code);
    });
  });
}

async function rows(schema: string, table: string): Promise<string[]> {
  const result = await logged().pool.query(`SELECT t::text AS row FROM "${schema}"."${table}" t ORDER BY 1`);
  return result.rows.map((row: { row: string }) => row.row);
}

describe('rebuild under repeated SIGKILL', () => {
  it(`ends equal to a clean rebuild after ${KILLS} kills`, async () => {
    // Deterministic kill times spread over the start-up and the work (1.5 s to 9 s).
    for (let n = 0; n < KILLS; n++) await runReplay(1500 + ((n * 3779) % 7500));
    expect(await runReplay(null)).toBe(0);

    const store = new PostgresEventStore(logged().pool);
    for (const projection of allProjections) {
      const clean = (await rebuildInOnePass({ pool: logged().pool, eventStore: store }, [projection], { until: new Date('2999-01-01'), label: 'clean' }))[0]!;
      for (const table of projection.tables) expect(await rows('public', table), `${projection.name}.${table}`).toEqual(await rows(clean.schema, table));
    }
    const leftovers = await logged().pool.query("SELECT nspname FROM pg_namespace WHERE nspname LIKE 'rebuild\\_%' OR nspname LIKE 'retired\\_%'");
    expect(leftovers.rows).toEqual([]);
  }, 1_200_000);
});
