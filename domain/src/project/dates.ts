/**
 * Calendar arithmetic on ISO strings. Pure: the dates come from commands, never from the clock.
 * Due dates are calendar days (YYYY-MM-DD), so they sort as strings and carry no time zone.
 */

const CALENDAR_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The calendar day of an ISO date or date-time, or null when it is not a real date. */
export function calendarDay(value: string): string | null {
  const day = value.slice(0, 10);
  if (!CALENDAR_DAY.test(day)) return null;
  const parsed = new Date(`${day}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === day ? day : null;
}

/** The calendar day `weeks` weeks after the day of `isoDate` (which must be a valid date). */
export function addWeeks(isoDate: string, weeks: number): string {
  const start = new Date(`${isoDate.slice(0, 10)}T00:00:00Z`);
  start.setUTCDate(start.getUTCDate() + weeks * 7);
  return start.toISOString().slice(0, 10);
}
