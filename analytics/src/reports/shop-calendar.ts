import { shopDay } from '@shop/projectors';
import type { ReportOptions } from './report.js';

export { shopDay };

/** The shop-calendar month of an instant (YYYY-MM), as the revenue statistics count months (docs/decisions/0061). */
export const shopMonth = (at: string): string => shopDay(at).slice(0, 7);

/** The ISO week (YYYY-Www, weeks start on Monday) of the instant's shop-calendar day. */
export function shopWeek(at: string): string {
  const [year, month, day] = shopDay(at).split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  const weekday = (date.getUTCDay() + 6) % 7; // Monday 0 … Sunday 6
  date.setUTCDate(date.getUTCDate() - weekday + 3); // the Thursday of this week decides its year
  const weekYear = date.getUTCFullYear();
  const firstThursday = new Date(Date.UTC(weekYear, 0, 4));
  firstThursday.setUTCDate(firstThursday.getUTCDate() - ((firstThursday.getUTCDay() + 6) % 7) + 3);
  const week = 1 + Math.round((date.getTime() - firstThursday.getTime()) / (7 * 86_400_000));
  return `${weekYear}-W${String(week).padStart(2, '0')}`;
}

/** Whether an instant's shop-calendar day lies in the report's --from/--to days (both inclusive). */
export function inPeriod(at: string, options: Pick<ReportOptions, 'from' | 'to'>): boolean {
  if (options.from === null && options.to === null) return true;
  const day = shopDay(at);
  return (options.from === null || day >= options.from) && (options.to === null || day <= options.to);
}

export { daysBetween } from '@shop/projectors';
