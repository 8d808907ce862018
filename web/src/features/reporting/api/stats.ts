import { apiClient, type QueryParams } from '../../../lib/api-client';

/** One bar or point of a report. */
export interface StatPoint {
  label: string;
  value: number;
}

/**
 * The stats shapes are not in the spec. Accepted: an array of rows, each with one text field
 * (the label: month, date, state, product…) and one number field (the value), e.g.
 * `[{ "month": "2025-01", "revenue": 123400 }]`; or `{ data: [...] }`; or a map `{ "2025-01": 123400 }`.
 */
export function toStatPoints(data: unknown): StatPoint[] {
  const rows: unknown = typeof data === 'object' && data !== null && !Array.isArray(data) && 'data' in data ? (data as { data: unknown }).data : data;
  if (Array.isArray(rows)) {
    return rows.flatMap((row: unknown) => {
      if (typeof row !== 'object' || row === null) return [];
      const values = Object.values(row as Record<string, unknown>);
      const label = values.find((v) => typeof v === 'string');
      const value = values.find((v) => typeof v === 'number');
      return typeof label === 'string' && typeof value === 'number' ? [{ label, value }] : [];
    });
  }
  if (typeof rows === 'object' && rows !== null) {
    return Object.entries(rows as Record<string, unknown>).flatMap(([label, value]) => (typeof value === 'number' ? [{ label, value }] : []));
  }
  return [];
}

/** Stats failures are swallowed and give empty data (SPEC §8). */
async function stat(path: string, params?: QueryParams): Promise<StatPoint[]> {
  try {
    return toStatPoints(await apiClient.get<unknown>(path, params ? { params } : undefined));
  } catch {
    return [];
  }
}

/** GET /api/stats/monthly_revenue/ — revenue in cents per month. */
export const fetchMonthlyRevenue = () => stat('/stats/monthly_revenue/');
/** GET /api/stats/rolling_revenue/?days={n} — revenue in cents per day over the last n days. */
export const fetchRollingRevenue = (days: number) => stat('/stats/rolling_revenue/', { days });
/** GET /api/stats/production_revenue/?states=P,I — revenue in cents of paid and in-progress work. */
export const fetchProductionRevenue = () => stat('/stats/production_revenue/', { states: 'P,I' });
/** GET /api/stats/products_due/ — quantity of products due, per product or period. */
export const fetchProductsDue = () => stat('/stats/products_due/');
/** GET /api/stats/projects_due/ — number of projects due, per period. */
export const fetchProjectsDue = () => stat('/stats/projects_due/');
