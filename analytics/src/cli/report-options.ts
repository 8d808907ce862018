import type { ReportGrouping, ReportOptions } from '../reports/report.js';
import { CliUsageError, parseInstant } from '@shop/projectors';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const GROUPINGS: readonly ReportGrouping[] = ['month', 'week', 'product-type', 'category'];

/** --from, --to, --as-of, --by and --idle-days, checked; `now` is the as-of time or `clock`. */
export function reportOptions(values: Record<string, string | undefined>, clock: Date): ReportOptions {
  const from = day(values.from, '--from');
  const to = day(values.to, '--to');
  if (from !== null && to !== null && from > to) throw new CliUsageError(`--from ${from} is after --to ${to}`);
  const asOf = values['as-of'] === undefined ? null : parseInstant(values['as-of'], '--as-of');
  const by = values.by ?? 'all';
  if (by !== 'all' && !GROUPINGS.includes(by as ReportGrouping)) throw new CliUsageError(`--by must be one of ${GROUPINGS.join(', ')} (got ${by})`);
  const idleDays = values['idle-days'] === undefined ? 30 : Number(values['idle-days']);
  if (!Number.isInteger(idleDays) || idleDays < 0 || idleDays > 3660) throw new CliUsageError(`--idle-days must be a whole number from 0 to 3660 (got ${values['idle-days']})`);
  return { from, to, asOf, by: by as ReportGrouping, now: asOf ?? clock, idleDays };
}

function day(value: string | undefined, option: string): string | null {
  if (value === undefined) return null;
  if (!DAY.test(value) || !isCalendarDay(value)) throw new CliUsageError(`${option} must be a day such as 2026-03-31 (got ${value})`);
  return value;
}

/** A day that exists (no 30 February): it reads back as itself. */
function isCalendarDay(day: string): boolean {
  const date = new Date(`${day}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === day;
}
