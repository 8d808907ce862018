import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createPool, type Pool } from '@shop/infra';
import { openEventStore } from '@shop/personal-data';
import { builtInReports, runReport, type AnyReport, type ReportOptions } from '@shop/analytics/reports';
import type { BenchContext, Row } from './bench-context.js';
import { loadEvents } from '../support/event-history.js';
import { fmt } from './measure.js';
import { rawSequentialRead } from './raw-read.js';

const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function seconds(work: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await work();
  return (performance.now() - started) / 1000;
}

/** `--size=100000` (or `--size=100000,1000000`) replaces the default sizes. */
function sizes(quick: boolean): number[] {
  const option = process.argv.find((arg) => arg.startsWith('--size='));
  if (option) return option.slice('--size='.length).split(',').map(Number);
  return quick ? [10_000] : [100_000, 1_000_000];
}

/** A fold that keeps nothing: what the engine itself costs (read, open, hand each event over). */
const nothing: AnyReport = { initial: () => 0, evolve: (count: number) => count + 1, rows: (count: number) => [{ events: count }] };

/**
 * events/s of each built-in report, of the analysts' template (docs/writing-a-report.md) and of a
 * fold that keeps nothing, each over the whole log in this warm process, next to a raw sequential
 * read of the same table in the same run (median of three for each).
 */
export async function reportsBench(context: BenchContext): Promise<Row[]> {
  const rows: Row[] = [];
  const template = ((await import(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../reports/example-report.ts'))) as { default: AnyReport }).default;
  const reports: Array<[string, AnyReport]> = [...Object.entries(builtInReports), ['reports/example-report.ts (own file)', template], ['a fold that keeps nothing', nothing]];
  const options: ReportOptions = { from: null, to: null, asOf: null, by: 'month', now: new Date(), idleDays: 30 };
  for (const size of sizes(context.quick)) {
    const pool: Pool = createPool(await context.freshDatabase(), 6);
    try {
      const store = openEventStore({}, pool);
      await loadEvents(pool, size);
      await pool.query('VACUUM ANALYZE');
      const read = await rawSequentialRead(pool); // warms the cache for every reader alike
      const rawRate = read / median([await seconds(() => rawSequentialRead(pool)), await seconds(() => rawSequentialRead(pool)), await seconds(() => rawSequentialRead(pool))]);
      await runReport(store, nothing, options); // warms this process's JIT for the engine
      const runs = size >= 1_000_000 ? 1 : 3;
      const figures: string[] = [];
      const ratios: string[] = [];
      for (const [name, report] of reports) {
        const times: number[] = [];
        for (let run = 0; run < runs; run++) times.push(await seconds(() => runReport(store, report, options)));
        const rate = size / median(times);
        figures.push(`${name} ${fmt(rate)} ev/s`);
        ratios.push(`${name} ${fmt(rate / rawRate, 3)}`);
      }
      rows.push({
        section: 'reports',
        case: `${fmt(size)} events (10 per project), --by month, warm process${runs > 1 ? ', median of 3' : ''}`,
        figures: `${figures.join(' · ')} · raw sequential read ${fmt(rawRate)} ev/s (median of 3)`,
        ratio: `report/raw ${ratios.join(' · ')}`,
      });
    } finally {
      await pool.end();
    }
  }
  return rows;
}
