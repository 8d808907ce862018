import type { Pool, PoolClient } from '@shop/infra';

type Db = Pool | PoolClient;

/** The shop's books close by the calendar of its Brooklyn workroom (docs/decisions/0061). */
export const REVENUE_TIME_ZONE = 'America/New_York';

const dayFormat = new Intl.DateTimeFormat('en-CA', { timeZone: REVENUE_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });

/** The shop-calendar day of an instant, as YYYY-MM-DD. */
export const shopDay = (at: string | Date): string => dayFormat.format(new Date(at));

export interface MonthRevenue {
  /** YYYY-MM in the shop's time zone. */
  month: string;
  revenue: number;
  payments: number;
}

/** Revenue per calendar month (shop time zone) of payments recorded in [from, to). */
export async function revenueByMonth(db: Db, from: Date, to: Date): Promise<MonthRevenue[]> {
  const result = await db.query<{ month: string; revenue: number; payments: number }>(
    `SELECT to_char(paid_at AT TIME ZONE $3, 'YYYY-MM') AS month, sum(amount)::bigint AS revenue, count(*)::int AS payments
       FROM revenue_payments WHERE paid_at >= $1 AND paid_at < $2
      GROUP BY 1 ORDER BY 1`,
    [from, to, REVENUE_TIME_ZONE],
  );
  return result.rows;
}

export interface WindowRevenue {
  revenue: number;
  payments: number;
}

/** Revenue of payments recorded in (from, to]. */
export async function revenueBetween(db: Db, from: Date, to: Date): Promise<WindowRevenue> {
  const result = await db.query<WindowRevenue>(
    'SELECT coalesce(sum(amount), 0)::bigint AS revenue, count(*)::int AS payments FROM revenue_payments WHERE paid_at > $1 AND paid_at <= $2',
    [from, to],
  );
  return result.rows[0] ?? { revenue: 0, payments: 0 };
}

/** The first instant of the month `monthsBack` months before the month `at` falls in, in the shop's zone. */
export async function monthStart(db: Db, at: Date, monthsBack: number): Promise<Date> {
  const result = await db.query<{ start: Date }>(
    `SELECT (date_trunc('month', $1::timestamptz AT TIME ZONE $3) - make_interval(months => $2)) AT TIME ZONE $3 AS start`,
    [at, monthsBack, REVENUE_TIME_ZONE],
  );
  return result.rows[0]!.start;
}
