import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { createLogger, createPool, readProjectionLag, type EventStore, type Pool } from '@shop/infra';
import { PostgresEventStore } from '@shop/event-store';
import { allProjections, ProjectionRunner, rebuildAll, rebuildsTidied, type CatchUpReplayPolicy } from '@shop/projectors';
import type { BenchContext, Row } from './bench-context.js';
import { loadEvents } from '../support/event-history.js';
import { fmt } from './measure.js';
import { rawSequentialRead } from './raw-read.js';

/**
 * The engine before the one-pass one (each projection reading the whole log and writing through its
 * own handlers), as measured in the last full run that still had it: issue 58 removed it, so its
 * figure stays as a number beside today's at 100k.
 */
const BEFORE = { rate: 7_361, ratio: 0.047, when: '2026-11-27 (session 51, a third of quiet speed)' };

/**
 * Worker threads folding beside the reading thread, measured A/B against folding in it alone on
 * this two-core machine before issue 58 removed them (decision 0420): no gain outside the spread.
 */
const THREADS = { oneThread: '2.80-4.76 s', twoWorkers: '2.72-5.48 s', when: '2026-12-07 (shared machine, 100k, 4 rounds A/B)' };

const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/**
 * The database as a shop's is a while after its log was written or its read models rebuilt, before
 * each timed rebuild: pages written out (otherwise the first reader to need buffers, the rebuild,
 * which writes, pays for writing the dirty ones) and the tables analyzed (otherwise autovacuum
 * analyzes the tables the last rebuild swapped in while the next one runs, and the swap's locks
 * wait for it, up to a second). A role without the rights (a DATABASE_URL of one's own) skips
 * what it may not do and measures with that work included.
 */
async function settle(pool: Pool): Promise<void> {
  await rebuildsTidied(); // the last rebuild's old tables, dropped after it returned
  await pool.query('VACUUM ANALYZE').catch(() => undefined);
  await pool.query('CHECKPOINT').catch(() => undefined);
}

/** Seconds of a rebuild or a raw read run first thing in a new Node process (first-run.ts) with this one's flags. */
async function firstInItsOwnProcess(databaseUrl: string, what: 'rebuild' | 'read'): Promise<number> {
  return Number(await inItsOwnProcess('./first-run.ts', databaseUrl, what));
}

/** Runs a bench script in a new Node process with this one's flags; answers the JSON of its last line of output. */
function inItsOwnProcess(file: string, databaseUrl: string, what: string): Promise<unknown> {
  const script = fileURLToPath(new URL(file, import.meta.url));
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...process.execArgv, script, what], { stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, DATABASE_URL: databaseUrl } });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve(JSON.parse(output.trim().split('\n').at(-1) || 'null')) : reject(new Error(`${file} ${what} exited with ${code}`))));
  });
}

/**
 * The peer: Emmett's PostgreSQL projections rebuilding an equivalent read model (every project's
 * folded state) from the same events, appended to Emmett's store in the same database
 * (emmett-rebuild.ts), beside ours rebuilding the same read model (projects) in this warm process.
 * Until decision 0248 both also wrote a row per project event (our audit log); the audit is now
 * read from the stream, so neither side copies the log. Seconds: Emmett first and warm, ours warm.
 */
async function emmettBeside(pool: Pool, databaseUrl: string, deps: Parameters<typeof rebuildAll>[0]): Promise<{ first: number; warm: number; ours: number }> {
  await inItsOwnProcess('./emmett-rebuild.ts', databaseUrl, 'load');
  await settle(pool);
  const [first, warm] = (await inItsOwnProcess('./emmett-rebuild.ts', databaseUrl, 'rebuild')) as [number, number];
  const same = allProjections.filter((projection) => projection.name === 'projects');
  await settle(pool);
  const ours = await seconds(() => rebuildAll(deps, same));
  return { first, warm, ours };
}

async function seconds(work: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await work();
  return (performance.now() - started) / 1000;
}

/**
 * Seconds a runner takes to catch up on the whole log from empty read models, the way it would
 * after downtime: batch by batch (`false`), or replaying it in one pass (the runner's policy).
 */
async function catchUp(pool: Pool, eventStore: EventStore, replay: CatchUpReplayPolicy | false): Promise<number> {
  const names = allProjections.map((projection) => projection.name);
  const tables = [...allProjections.flatMap((projection) => projection.tables), 'projection_stream_revisions', 'projection_checkpoints'];
  await pool.query(`TRUNCATE ${tables.join(', ')}`);
  const runner = new ProjectionRunner({ pool, eventStore, logger: createLogger('silent'), catchUpReplay: replay }, allProjections);
  return seconds(async () => {
    await runner.start();
    while ((await readProjectionLag(pool, names)).some((lag) => Number(lag.lagEvents) > 0)) await new Promise((resolve) => setTimeout(resolve, 100));
    await runner.stop();
  });
}

/** `--size=100000` (or `--size=100000,1000000`) replaces the default sizes. */
function sizes(quick: boolean): number[] {
  const option = process.argv.find((arg) => arg.startsWith('--size='));
  if (option) return option.slice('--size='.length).split(',').map(Number);
  return quick ? [10_000] : [100_000, 1_000_000];
}

/**
 * events/s rebuilding every projection from event 0 (one pass, swapped in), next to a raw sequential read of the same table in the same run; at 100k also
 * the engine it replaced, as a recorded figure (BEFORE).
 */
export async function replayBench(context: BenchContext): Promise<Row[]> {
  const rows: Row[] = [];
  for (const size of sizes(context.quick)) {
    const databaseUrl = await context.freshDatabase();
    const pool = createPool(databaseUrl, 10);
    const deps = { pool, eventStore: new PostgresEventStore(pool) };
    try {
      await loadEvents(pool, size);
      await settle(pool);
      const read = await rawSequentialRead(pool); // warms the cache for every reader alike
      // The median of three reads: one read alone moves with the machine's other work.
      const reads = [await seconds(() => rawSequentialRead(pool)), await seconds(() => rawSequentialRead(pool)), await seconds(() => rawSequentialRead(pool))];
      const rawRate = read / median(reads);
      // A process's first rebuild (JIT warm-up, connections and all, as \`npm run replay\` pays
      // it), and beside it a process's first raw read, which pays the same start: each in three
      // fresh processes, taking turns, the median of each: like with like.
      const firstRebuilds: number[] = [];
      const firstReads: number[] = [];
      for (let run = 0; run < 3; run++) {
        await settle(pool);
        firstReads.push(await firstInItsOwnProcess(databaseUrl, 'read'));
        await settle(pool);
        firstRebuilds.push(await firstInItsOwnProcess(databaseUrl, 'rebuild'));
      }
      const one = size / median(firstRebuilds);
      const firstRawRate = read / median(firstReads);
      // Then the same rebuild in this warm process, as a shop's catch-up replay runs it. This
      // process has not folded anything yet: one rebuild untimed, to warm it.
      await rebuildAll(deps, allProjections);
      // The median of three, as for the warm raw read it is compared with: one warm rebuild alone
      // moves with the machine's other work.
      const warmRebuilds: number[] = [];
      for (let run = 0; run < 3; run++) {
        await settle(pool);
        warmRebuilds.push(await seconds(() => rebuildAll(deps, allProjections)));
      }
      const again = size / median(warmRebuilds);
      if (size <= 100_000) await settle(pool);
      // Emmett pays a round trip or two per event: at 1M events it would take most of the section's time.
      const emmett = size <= 100_000 ? await emmettBeside(pool, databaseUrl, deps) : null;
      rows.push({
        section: 'replay',
        case: `${fmt(size)} events, all ${allProjections.length} projections`,
        figures:
          `rebuild ${fmt(one)} ev/s (a process's first, median of 3), ${fmt(again)} ev/s (warm process, median of 3: ${warmRebuilds.map((run) => fmt(run, 2)).join(', ')} s)` +
          ` · raw sequential read ${fmt(firstRawRate)} ev/s (a process's first, median of 3), ${fmt(rawRate)} ev/s (warm, median of 3)` +
          (size === 100_000 ? ` · before (one projection at a time, removed by issue 58) ${fmt(BEFORE.rate)} ev/s recorded ${BEFORE.when}` : '') +
          (size === 100_000 ? ` · worker threads (removed by issue 58): 1 thread ${THREADS.oneThread}, 2 workers ${THREADS.twoWorkers} recorded ${THREADS.when}` : ''),
        ratio:
          `rebuild/raw ${fmt(one / firstRawRate, 3)} (first/first), ${fmt(again / rawRate, 3)} (warm/warm), ${fmt(one / rawRate, 3)} (first rebuild/warm read)` +
          (size === 100_000 ? ` · before ${fmt(BEFORE.ratio, 3)} (recorded)` : ''),
      });
      if (emmett) {
        rows.push({
          section: 'replay',
          case: `${fmt(size)} events, projects' states (projects against Emmett's PostgreSQL projections)`,
          figures:
            `Emmett ${fmt(size / emmett.first)} ev/s (a process's first), ${fmt(size / emmett.warm)} ev/s (warm) · ours, the same ${fmt(size / emmett.ours)} ev/s (warm)` +
            ` · ours, all ${allProjections.length} ${fmt(one)} ev/s (first), ${fmt(again)} ev/s (warm)`,
          ratio: `ours/Emmett the same ${fmt(emmett.warm / emmett.ours, 2)} (warm) · all ${allProjections.length} against Emmett's one ${fmt(one / (size / emmett.first), 2)} (first/first), ${fmt(again / (size / emmett.warm), 2)} (warm/warm)`,
        });
      }
      if (size <= 100_000) {
        const batches = size / (await catchUp(pool, deps.eventStore, false));
        const replayed = size / (await catchUp(pool, deps.eventStore, { minEvents: 0, minShareOfLog: 0 }));
        rows.push({
          section: 'replay',
          case: `catch-up after downtime, ${fmt(size)} events behind (the whole log)`,
          figures: `live runner batch by batch ${fmt(batches)} ev/s · replaying in one pass ${fmt(replayed)} ev/s`,
          ratio: `batches/replay ${fmt(batches / replayed, 2)} (a replay pays from a backlog of this share of the log)`,
        });
      }
    } finally {
      // The last rebuild's old schemas are dropped after it returned, on this pool: an ended pool
      // never hands them a connection, and its end waits for the rebuild's lock connection.
      await rebuildsTidied();
      await pool.end();
    }
  }
  return rows;
}
