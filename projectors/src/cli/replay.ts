import { Presets, SingleBar } from 'cli-progress';
import { allProjections } from '../read-models/all.js';
import type { RebuildProgress } from '../rebuild/progress-board.js';
import { rebuildAll, selectProjections } from '../rebuild/rebuild-all.js';
import { rebuildsTidied } from '../rebuild/rebuild.js';
import { refuseNewerProjectionVersions } from '../runner/projection-versions.js';
import { CliUsageError, parseCliArgs, parseInstant } from './args.js';
import { openCliDatabase } from './cli-database.js';

const USAGE = 'usage: npm run replay -- --projection <name|all> [--until <ISO date>]';

/**
 * `npm run replay -- --projection <name|all>`: rebuilds from event 0 in one pass over the log
 * into fresh tables while the live ones keep serving, then swaps them all in at once. With
 * `--until`, builds the read models as they were then into `asof_<projection>_<date>` schemas and
 * leaves the live ones alone.
 */
async function main(argv: string[]): Promise<void> {
  const { values } = parseCliArgs(argv, ['projection', 'until'], USAGE);
  if (!values.projection) throw new CliUsageError(USAGE);
  const projections = selectProjections(allProjections, values.projection);
  const until = values.until ? parseInstant(values.until, '--until') : undefined;
  const database = await openCliDatabase(process.env, 'npm run replay (a rebuild: the log up to its horizon, the streams table)');
  const bar = new SingleBar(
    {
      format: '{names} [{bar}] {percentage}% | {value}/{total} events | {rate} events/s | ETA {eta_formatted} | {phase}',
      hideCursor: true,
      etaBuffer: 50,
      // Not on a terminal (a log file, a scheduled job): a line a second instead of nothing.
      noTTYOutput: true,
      notTTYSchedule: 1000,
    },
    Presets.shades_classic,
  );
  const names = values.projection === 'all' ? `all ${projections.length} projections` : values.projection;
  bar.start(1, 0, { names, rate: 0, phase: 'reading' });
  const started = Date.now();
  try {
    // An older release must not rebuild a newer one's tables with its fold, nor record its older version (decision 0359).
    await refuseNewerProjectionVersions(database.pool, projections);
    const results = await rebuildAll(database, projections, {
      until,
      onProgress: (progress: RebuildProgress) => {
        bar.setTotal(Math.max(progress.total, 1));
        bar.update(progress.done, { rate: Math.round(progress.eventsPerSecond), phase: PHASES[progress.phase] });
      },
    });
    bar.stop();
    const events = results[0]?.events ?? 0;
    const seconds = (Date.now() - started) / 1000;
    console.log(
      `Rebuilt ${names} from ${events} events in ${seconds.toFixed(1)} s (${Math.round(events / Math.max(seconds, 0.001))} events/s) → ` +
        `${[...new Set(results.map((result) => result.schema))].join(', ')}`,
    );
  } finally {
    bar.stop();
    // The rebuild returned once the new tables served; the old ones are dropped before the exit.
    await rebuildsTidied();
    await database.close();
  }
}

const PHASES: Record<RebuildProgress['phase'], string> = { load: 'reading and folding', index: 'building indexes', swap: 'swapping in', done: 'done' };

main(process.argv.slice(2)).catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
