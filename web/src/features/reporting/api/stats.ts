import { apiClient, type QueryParams } from '../../../lib/api-client';

/*
 * The five statistics of SPEC §7, in the shapes the query API answers (docs/decisions/0061,
 * query-api/src/routes/stats-routes.ts). Money is in cents. Each reader checks the answer field by
 * field and drops what does not fit, so a changed or broken answer shows as "no data", never as a
 * chart of the wrong fields. Failures are swallowed and give empty results (SPEC §8).
 */

/** GET /api/stats/monthly_revenue/: one entry per month of the last twelve, oldest first. */
export interface MonthRevenue {
  /** YYYY-MM (New York calendar). */
  month: string;
  revenue: number;
  payments: number;
}

/** GET /api/stats/rolling_revenue/?days=n: the payments recorded in (to − n days, to]. */
export interface RollingRevenue {
  days: number;
  from: string;
  to: string;
  revenue: number;
  payments: number;
}

/** GET /api/stats/production_revenue/?states=P,I: one entry per state asked for, in that order. */
export interface StateRevenue {
  state: string;
  projects: number;
  total: number;
  paid: number;
  remaining: number;
}

/** GET /api/stats/products_due/: open work (P, PS, I) summed by product type, soonest due first. */
export interface ProductTypeDue {
  product_type: string;
  quantity: number;
  projects: number;
  next_due: string | null;
}

/** GET /api/stats/projects_due/: project summaries of open work, soonest due first, undated last. */
export interface ProjectDue {
  id: string;
  name: string;
  state: string;
  production_state: string;
  due: string | null;
  days_left: number | null;
  total_quantity: number;
  total: number;
}

type Row = Record<string, unknown>;

const isRow = (value: unknown): value is Row => typeof value === 'object' && value !== null && !Array.isArray(value);
const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);
const isString = (value: unknown): value is string => typeof value === 'string';
const numberOr = (value: unknown, fallback: number) => (isNumber(value) ? value : fallback);
const stringOrNull = (value: unknown) => (isString(value) ? value : null);
const numberOrNull = (value: unknown) => (isNumber(value) ? value : null);

/** Keeps the rows of an array answer that `read` accepts. */
function rowsOf<T>(data: unknown, read: (row: Row) => T | null): T[] {
  if (!Array.isArray(data)) return [];
  return data.flatMap((row: unknown) => {
    const value = isRow(row) ? read(row) : null;
    return value === null ? [] : [value];
  });
}

export const toMonthlyRevenue = (data: unknown): MonthRevenue[] =>
  rowsOf(data, (row) => (isString(row.month) && isNumber(row.revenue) ? { month: row.month, revenue: row.revenue, payments: numberOr(row.payments, 0) } : null));

export function toRollingRevenue(data: unknown): RollingRevenue | null {
  if (!isRow(data) || !isNumber(data.days) || !isNumber(data.revenue)) return null;
  return {
    days: data.days,
    from: isString(data.from) ? data.from : '',
    to: isString(data.to) ? data.to : '',
    revenue: data.revenue,
    payments: numberOr(data.payments, 0),
  };
}

export const toProductionRevenue = (data: unknown): StateRevenue[] =>
  rowsOf(data, (row) =>
    isString(row.state) && isNumber(row.total)
      ? { state: row.state, projects: numberOr(row.projects, 0), total: row.total, paid: numberOr(row.paid, 0), remaining: numberOr(row.remaining, 0) }
      : null,
  );

export const toProductsDue = (data: unknown): ProductTypeDue[] =>
  rowsOf(data, (row) =>
    isString(row.product_type) && isNumber(row.quantity)
      ? { product_type: row.product_type, quantity: row.quantity, projects: numberOr(row.projects, 0), next_due: stringOrNull(row.next_due) }
      : null,
  );

export const toProjectsDue = (data: unknown): ProjectDue[] =>
  rowsOf(data, (row) =>
    isString(row.id) || isNumber(row.id)
      ? {
          id: String(row.id),
          name: isString(row.name) ? row.name : '',
          state: isString(row.state) ? row.state : '',
          production_state: isString(row.production_state) ? row.production_state : 'N',
          due: stringOrNull(row.due),
          days_left: numberOrNull(row.days_left),
          total_quantity: numberOr(row.total_quantity, 0),
          total: numberOr(row.total, 0),
        }
      : null,
  );

/** Stats failures are swallowed and give empty data (SPEC §8). */
async function stat<T>(path: string, read: (data: unknown) => T, empty: T, params?: QueryParams): Promise<T> {
  try {
    return read(await apiClient.get<unknown>(path, params ? { params } : undefined));
  } catch {
    return empty;
  }
}

/** GET /api/stats/monthly_revenue/ — revenue in cents per month of the last twelve. */
export const fetchMonthlyRevenue = () => stat('/stats/monthly_revenue/', toMonthlyRevenue, []);
/** GET /api/stats/rolling_revenue/?days={n} — revenue in cents over the last n days; null when it failed. */
export const fetchRollingRevenue = (days: number) => stat('/stats/rolling_revenue/', toRollingRevenue, null, { days });
/** GET /api/stats/production_revenue/?states=P,I — order value, paid and owed of paid and in-progress work. */
export const fetchProductionRevenue = () => stat('/stats/production_revenue/', toProductionRevenue, [], { states: 'P,I' });
/** GET /api/stats/products_due/ — quantity of products due, per product type. */
export const fetchProductsDue = () => stat('/stats/products_due/', toProductsDue, []);
/** GET /api/stats/projects_due/ — the projects due, soonest first. */
export const fetchProjectsDue = () => stat('/stats/projects_due/', toProjectsDue, []);

/** Which projects the Funnel and Lead times count: shop-calendar days (inclusive) and a main product type; empty for all. */
export interface FlowFilter {
  from: string;
  to: string;
  productType: string;
}

/** GET /api/stats/funnel/: the projects started in the period and how many reached each step (docs/decisions/0182). */
export interface FunnelStep {
  step: string;
  projects: number;
  of_previous_pct: number | null;
  of_started_pct: number | null;
  dropped: number | null;
}

/** GET /api/stats/lead_times/: days per stretch, for the stretches that ended in the period. */
export interface LeadTime {
  measure: string;
  count: number;
  p50_days: number;
  p90_days: number;
  max_days: number;
}

export const toFunnel = (data: unknown): FunnelStep[] =>
  rowsOf(isRow(data) ? data.steps : null, (row) =>
    isString(row.step) && isNumber(row.projects)
      ? { step: row.step, projects: row.projects, of_previous_pct: numberOrNull(row.of_previous_pct), of_started_pct: numberOrNull(row.of_started_pct), dropped: numberOrNull(row.dropped) }
      : null,
  );

export const toLeadTimes = (data: unknown): LeadTime[] =>
  rowsOf(isRow(data) ? data.measures : null, (row) =>
    isString(row.measure) && isNumber(row.count) && isNumber(row.p50_days)
      ? { measure: row.measure, count: row.count, p50_days: row.p50_days, p90_days: numberOr(row.p90_days, 0), max_days: numberOr(row.max_days, 0) }
      : null,
  );

const flowParams = (filter: FlowFilter): QueryParams => ({
  ...(filter.from ? { from: filter.from } : {}),
  ...(filter.to ? { to: filter.to } : {}),
  ...(filter.productType ? { product_type: filter.productType } : {}),
});

/** GET /api/stats/funnel/?from&to&product_type — the funnel's steps. */
export const fetchFunnel = (filter: FlowFilter) => stat('/stats/funnel/', toFunnel, [], flowParams(filter));
/** GET /api/stats/lead_times/?from&to&product_type — lead times per measure. */
export const fetchLeadTimes = (filter: FlowFilter) => stat('/stats/lead_times/', toLeadTimes, [], flowParams(filter));
