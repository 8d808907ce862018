import { SingleBar, Presets } from 'cli-progress';
import { allProjections } from '../read-models/all.js';
import { rebuildAll, selectProjections } from '../rebuild/rebuild-all.js';
import { CliUsageError, parseCliArgs, parseInstant } from './args.js';
import { openCliDatabase } from './cli-database.js';

const USAGE = 'usage: npm run replay -- --projection <name|all> [--until <ISO date>]';

/**
 * `npm run replay -- --projection <name|all>`: rebuilds from event 0 into fresh tables while the
 * live ones keep serving, then swaps them in. With `--until`, builds the read model as it was
 * then into an `asof_<projection>_<date>` schema and leaves the live one alone.
 */
async function main(argv: string[]): Promise<void> {
  const { values } = parseCliArgs(argv, ['projection', 'until'], USAGE);
  if (!values.projection) throw new CliUsageError(USAGE);
  const projections = selectProjections(allProjections, values.projection);
  const until = values.until ? parseInstant(values.until, '--until') : undefined;
  const database = await openCliDatabase();
  const bar = new SingleBar(
    { format: '{projection} [{bar}] {percentage}% | {value}/{total} events | {rate} events/s | ETA {eta_formatted}', hideCursor: true },
    Presets.shades_classic,
  );
  try {
    const results = await rebuildAll(database, projections, (projection) => {
      const started = Date.now();
      bar.stop();
      bar.start(1, 0, { projection: projection.name.padEnd(16), rate: 0 });
      return {
        until,
        onProgress: (done, total) => {
          bar.setTotal(Math.max(total, 1));
          bar.update(done, { rate: Math.round(done / Math.max((Date.now() - started) / 1000, 0.001)) });
        },
      };
    });
    bar.stop();
    for (const result of results) {
      const rate = Math.round(result.events / Math.max(result.ms / 1000, 0.001));
      console.log(`${result.projection}: ${result.events} events in ${result.ms} ms (${rate} events/s) → ${result.schema}`);
    }
  } finally {
    bar.stop();
    await database.close();
  }
}

main(process.argv.slice(2)).catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
