import { writeFile } from 'node:fs/promises';
import { CliUsageError, parseCliArgs } from './args.js';
import { openCliDatabase } from './cli-database.js';
import { revenueReport, toCsv } from './revenue-report.js';

const USAGE = 'usage: npm run report -- revenue --from <YYYY-MM-DD> --to <YYYY-MM-DD> [--format csv|json] [--out <file>]';
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** `npm run report -- revenue --from … --to … --format csv`: a report computed from the event log. */
async function main(argv: string[]): Promise<void> {
  const { values, positionals } = parseCliArgs(
    argv,
    ['from', 'to', 'format', 'out'],
    USAGE,
  );
  const format = values.format ?? 'csv';
  if (positionals[0] !== 'revenue' || !values.from || !values.to || !DAY.test(values.from) || !DAY.test(values.to)) throw new CliUsageError(USAGE);
  if (format !== 'csv' && format !== 'json') throw new CliUsageError(USAGE);
  const database = await openCliDatabase();
  try {
    const rows = await revenueReport(database.eventStore, values.from, values.to);
    const text = format === 'csv' ? toCsv(rows) : `${JSON.stringify(rows, null, 2)}\n`;
    if (values.out) await writeFile(values.out, text);
    else process.stdout.write(text);
  } finally {
    await database.close();
  }
}

main(process.argv.slice(2)).catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
