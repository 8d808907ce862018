import type { Pool, PoolClient } from '@shop/infra';
import { REVENUE_TIME_ZONE } from '../revenue/queries.js';
import type { FunnelCounts } from './flow.js';

export { funnelStepRows, stretchMeasures, type FunnelCounts, type FunnelStep } from './flow.js';

type Db = Pool | PoolClient;

/** Which projects a figure counts: shop-calendar days (both inclusive, null for no bound) and a main product type. */
export interface FlowFilter {
  from: string | null;
  to: string | null;
  productType: string | null;
}

/** Projects started in the period (of the product type) and how many of them reached each step. */
export async function funnelCounts(db: Db, filter: FlowFilter): Promise<FunnelCounts> {
  const { rows } = await db.query<FunnelCounts>(
    `SELECT count(*)::int AS started, count(submitted_at)::int AS submitted, count(priced_at)::int AS priced, count(approved_at)::int AS approved,
            count(paid_at)::int AS paid, count(shipped_at)::int AS shipped, count(cancelled_at)::int AS cancelled
       FROM project_flow
      WHERE ($1::date IS NULL OR (started_at AT TIME ZONE $4)::date >= $1::date)
        AND ($2::date IS NULL OR (started_at AT TIME ZONE $4)::date <= $2::date)
        AND ($3::text IS NULL OR product_type = $3)`,
    [filter.from, filter.to, filter.productType, REVENUE_TIME_ZONE],
  );
  return rows[0]!;
}

export interface LeadTime {
  measure: string;
  count: number;
  p50_days: number;
  p90_days: number;
  max_days: number;
}

/** Stretches that ended in the period, per measure: count, nearest-rank p50 and p90, max (days). */
export async function leadTimes(db: Db, filter: FlowFilter): Promise<LeadTime[]> {
  const { rows } = await db.query<{ measure: string; count: number; p50_days: string; p90_days: string; max_days: string }>(
    `SELECT s.measure, count(*)::int AS count,
            percentile_disc(0.5) WITHIN GROUP (ORDER BY s.days) AS p50_days,
            percentile_disc(0.9) WITHIN GROUP (ORDER BY s.days) AS p90_days,
            max(s.days) AS max_days
       FROM project_stretches s JOIN project_flow f USING (stream_id)
      WHERE ($1::date IS NULL OR (s.ended_at AT TIME ZONE $4)::date >= $1::date)
        AND ($2::date IS NULL OR (s.ended_at AT TIME ZONE $4)::date <= $2::date)
        AND ($3::text IS NULL OR f.product_type = $3)
      GROUP BY s.measure`,
    [filter.from, filter.to, filter.productType, REVENUE_TIME_ZONE],
  );
  return rows.map((row) => ({ measure: row.measure, count: row.count, p50_days: Number(row.p50_days), p90_days: Number(row.p90_days), max_days: Number(row.max_days) }));
}
