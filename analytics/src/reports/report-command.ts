import { writeFile } from 'node:fs/promises';
import { Presets, SingleBar } from 'cli-progress';
import { CliUsageError, openCliDatabase, parseCliArgs } from '@shop/projectors';
import { reportOptions } from '../cli/report-options.js';
import { builtInReports } from './built-in/index.js';
import { formatRows, reportFormats, type ReportFormat } from './format-rows.js';
import { isReportFile, loadReport, ReportFileError } from './load-report.js';
import { runReport } from './run-report.js';

const USAGE =
  'usage: npm run report -- <name|./my-report.ts> [--from YYYY-MM-DD] [--to YYYY-MM-DD] [--as-of <ISO date>] ' +
  '[--by month|week|product-type|category] [--format table|csv|json] [--out <file>] [--idle-days <n>]';

/** Where a command writes and what it runs against (the process's own, or a test's). */
export interface CommandIo {
  env: NodeJS.ProcessEnv;
  stdout: { write: (text: string) => unknown; isTTY?: boolean };
  stderr: { write: (text: string) => unknown; isTTY?: boolean };
  cwd: string;
}

export const processIo = (): CommandIo => ({ env: process.env, stdout: process.stdout, stderr: process.stderr, cwd: process.cwd() });

/**
 * `npm run report -- <name>`: a fold over the event log (docs/decisions/0180), built in or an
 * analyst's own file, read-only, against DATABASE_URL or the embedded database while the shop is
 * stopped. A table on a terminal, CSV otherwise unless --format says. Answers the exit code:
 * 0 done, 2 a wrong command line, 1 anything else, each failure as one line on stderr.
 */
export async function reportCommand(argv: string[], io: CommandIo = processIo()): Promise<number> {
  return oneLineFailures('report', io, async () => {
    if (argv.includes('--help') || argv.length === 0) return void io.stdout.write(help());
    const { values, positionals } = parseCliArgs(argv, ['from', 'to', 'as-of', 'by', 'format', 'out', 'idle-days'], USAGE);
    const [name, ...extra] = positionals;
    if (!name || extra.length > 0) throw new CliUsageError(`name one report (got ${positionals.length === 0 ? 'none' : positionals.join(' ')})`);
    const format = (values.format ?? (io.stdout.isTTY && !values.out ? 'table' : 'csv')) as ReportFormat;
    if (!reportFormats.includes(format)) throw new CliUsageError(`--format must be one of ${reportFormats.join(', ')} (got ${values.format})`);
    const options = reportOptions(values, new Date());
    const report = await loadReport(name, io.cwd);
    if (!report) throw new CliUsageError(`no report named ${name}: built-in ones are ${Object.keys(builtInReports).join(', ')}, or give a file such as ./my-report.ts`);
    const database = await openCliDatabase(io.env);
    const bar = progressBar(io, isReportFile(name) ? name : `report ${name}`);
    try {
      const rows = await runReport(database.eventStore, report, options, (done, total) => {
        bar?.setTotal(total);
        bar?.update(done);
      });
      bar?.stop();
      const text = formatRows(rows, format);
      if (values.out) await writeFile(values.out, text);
      else io.stdout.write(text);
    } finally {
      bar?.stop();
      await database.close();
    }
  });
}

/** Runs a command's work; a failure becomes one line on stderr and exit code 2 (the command line) or 1. */
export async function oneLineFailures(command: string, io: CommandIo, work: () => Promise<void>): Promise<number> {
  try {
    await work();
    return 0;
  } catch (error) {
    const message = error instanceof Error ? error.message.split('\n')[0] : String(error);
    io.stderr.write(`${command}: ${message}\n`);
    return error instanceof CliUsageError || error instanceof ReportFileError ? 2 : 1;
  }
}

/** On a terminal only (stderr, so the answer on stdout stays clean when piped), as `npm run replay` shows one. */
export function progressBar(io: CommandIo, label: string): SingleBar | null {
  if (!io.stderr.isTTY) return null;
  const bar = new SingleBar(
    { format: `${label} [{bar}] {percentage}% | {value}/{total} events | ETA {eta_formatted}`, hideCursor: true, etaBuffer: 50, stream: process.stderr, clearOnComplete: true },
    Presets.shades_classic,
  );
  bar.start(1, 0);
  return bar;
}

function help(): string {
  const reports = Object.entries(builtInReports).map(([name, report]) => `  ${name.padEnd(15)} ${report.description ?? ''}`);
  return `${USAGE}\n\nbuilt-in reports:\n${reports.join('\n')}\n\nyour own: docs/writing-a-report.md\n`;
}
