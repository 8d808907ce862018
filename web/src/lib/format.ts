/** Display formats of SPEC §9: dates MM/dd/yyyy, money held in cents and shown as USD. */

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * Formats an ISO date or date-time as MM/dd/yyyy; '' for null, undefined or an unreadable value.
 * A plain `yyyy-mm-dd` date is taken as the calendar day it names (no time-zone shift).
 */
export function formatDate(value: string | number | Date | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  if (typeof value === 'string') {
    const dateOnly = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
    if (dateOnly) return `${dateOnly[2]}/${dateOnly[3]}/${dateOnly[1]}`;
  }
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return `${pad(date.getMonth() + 1)}/${pad(date.getDate())}/${date.getFullYear()}`;
}

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** Cents as USD ("$1,234.50"); a missing price shows 'Price TBD'. Zero is a price: "$0.00". */
export function formatCents(cents: number | null | undefined): string {
  if (cents === null || cents === undefined || Number.isNaN(cents)) return 'Price TBD';
  return usd.format(cents / 100);
}
