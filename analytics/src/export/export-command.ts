import { CliUsageError, openCliDatabase, parseCliArgs } from '@shop/projectors';
import { reportOptions } from '../cli/report-options.js';
import { oneLineFailures, processIo, progressBar, type CommandIo } from '../reports/report-command.js';
import { exportEvents } from './export-events.js';

const USAGE = 'usage: npm run export -- events --format parquet|ndjson --out <file> [--from YYYY-MM-DD] [--to YYYY-MM-DD] [--as-of <ISO date>] [--with-personal-data]';

/**
 * `npm run export -- events --format parquet --out events.parquet`: one row per event for DuckDB,
 * pandas or a spreadsheet (docs/decisions/0181), personal fields sealed unless --with-personal-data.
 */
export async function exportCommand(argv: string[], io: CommandIo = processIo()): Promise<number> {
  return oneLineFailures('export', io, async () => {
    const withPersonalData = argv.includes('--with-personal-data');
    const { values, positionals } = parseCliArgs(argv.filter((arg) => arg !== '--with-personal-data'), ['format', 'out', 'from', 'to', 'as-of'], USAGE);
    if (positionals.length !== 1 || positionals[0] !== 'events') throw new CliUsageError(`what to export: only "events" (got ${positionals.join(' ') || 'nothing'})`);
    if (values.format !== 'parquet' && values.format !== 'ndjson') throw new CliUsageError(`--format must be parquet or ndjson (got ${values.format ?? 'none'})`);
    if (!values.out) throw new CliUsageError('--out <file> is needed');
    const { from, to, asOf } = reportOptions(values, new Date());
    const database = await openCliDatabase(io.env, 'npm run export (each event\'s recorded time and chain hash)');
    const bar = progressBar(io, 'export');
    try {
      const rows = await exportEvents(database, {
        format: values.format,
        out: values.out,
        from,
        to,
        asOf,
        withPersonalData,
        onProgress: (done, total) => {
          bar?.setTotal(total);
          bar?.update(done);
        },
      });
      bar?.stop();
      io.stderr.write(`Exported ${rows} events to ${values.out}${withPersonalData ? ' (with personal data)' : ''}\n`);
    } finally {
      bar?.stop();
      await database.close();
    }
  });
}
