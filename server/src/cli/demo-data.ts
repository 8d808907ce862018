import { Presets, SingleBar } from 'cli-progress';
import { commonConfigSchema, loadConfig } from '@shop/infra';
import { openEventStore } from '@shop/personal-data';
import { CliUsageError, openCliDatabase, parseCliArgs } from '@shop/projectors';
import { generateDemoData } from '../demo-data/generate.js';
import { realCustomers } from '../demo-data/live-shop.js';

const USAGE = 'usage: npm run demo-data -- --projects <n> --months <m> [--seed <s>] [--into-live-shop]';

/**
 * `npm run demo-data -- --projects N --months M [--seed S]`: a believable history of N projects
 * over the last M months, written through the command side so every business rule holds
 * (docs/decisions/0152-demo-data.md). The same seed twice adds nothing the second time. The
 * shop's projectors pick the events up live, or at the next `npm start`. Every event is marked
 * `metadata.demo`; a log holding real customers is refused unless `--into-live-shop` (decision 0349).
 */
async function main(argv: string[]): Promise<void> {
  // The one flag without a value; parseCliArgs takes options with values.
  const intoLiveShop = argv.includes('--into-live-shop');
  const { values } = parseCliArgs(argv.filter((arg) => arg !== '--into-live-shop'), ['projects', 'months', 'seed'], USAGE);
  const projects = wholeNumber(values.projects, '--projects', 1, 100_000);
  const months = wholeNumber(values.months, '--months', 1, 120);
  const seed = values.seed === undefined ? 1 : wholeNumber(values.seed, '--seed', 0, 2 ** 31 - 1);
  const database = await openCliDatabase();
  // Back-dated demo history mixed into a real shop's log would be read as its history (decision 0349).
  const customers = await realCustomers(database.pool);
  if (customers > 0 && !intoLiveShop) {
    await database.close();
    throw new CliUsageError(
      `This log holds ${customers} real customer${customers === 1 ? '' : 's'}: demo history would be mixed into a live shop's. ` +
        'Point DATABASE_URL/DATA_DIR at a demo database, or pass --into-live-shop to write it anyway (its events are marked metadata.demo).',
    );
  }
  const eventStore = openEventStore(loadConfig(commonConfigSchema), database.pool);
  const bar = new SingleBar({ format: 'demo data [{bar}] {percentage}% | {value}/{total} steps | ETA {eta_formatted}', hideCursor: true, etaBuffer: 200 }, Presets.shades_classic);
  const started = Date.now();
  bar.start(1, 0);
  try {
    const summary = await generateDemoData({ pool: database.pool, eventStore }, { projects, months, seed, now: new Date() }, (done, total) => {
      bar.setTotal(total);
      bar.update(done);
    });
    bar.stop();
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    console.log(
      summary.written === 0
        ? `Nothing to add: the history of seed ${seed} (${projects} projects over ${months} months) is already there (${summary.skipped} steps).`
        : `Wrote ${summary.projects} projects, ${summary.customers} customers, ${summary.organizations} organizations and ${summary.staff} staff over ${months} months ` +
            `(seed ${seed}, ${summary.written} steps${summary.skipped > 0 ? `, ${summary.skipped} already there` : ''}) in ${seconds} s.`,
    );
  } finally {
    bar.stop();
    await database.close();
  }
}

function wholeNumber(value: string | undefined, option: string, min: number, max: number): number {
  const number = Number(value);
  if (value === undefined || !Number.isInteger(number) || number < min || number > max) throw new CliUsageError(`${option} must be a whole number from ${min} to ${max}\n${USAGE}`);
  return number;
}

main(process.argv.slice(2)).catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
