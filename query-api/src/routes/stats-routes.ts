import { Router } from 'express';
import { z } from 'zod';
import { productTypeCodes, ProjectState, type LineItem, type ProjectView } from '@shop/domain';
import { documentRead, parseRequest, requireStaff } from '@shop/http-shell';
import { findProducts, findProjects, funnelCounts, funnelStepRows, leadTimes, monthStart, revenueBetween, revenueByMonth, shopDay, stretchMeasures } from '@shop/projectors/queries';
import type { QueryDeps } from '../deps.js';
import { costOf, projectSummary } from '../projects/project-shapes.js';
import { readYourWrites } from '../read-your-writes.js';
import { StateListDoc } from '../openapi/params.js';
import { Funnel, LeadTimes, MonthlyRevenue, ProductionRevenue, ProductsDue, ProjectsDue, RollingRevenue } from '../openapi/response-schemas.js';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Paid work not finished yet: what "due" is about (docs/decisions/0061). */
const OPEN_WORK: ProjectState[] = ['P', 'PS', 'I'];

const RollingQuery = z.object({ query: z.object({ days: z.coerce.number().int().min(1).max(3660).default(30) }) });
const ProductionQuery = z.object({
  query: z.object({
    states: z
      .string()
      .default('P,I')
      .transform((value) => [...new Set(value.split(',').map((part) => part.trim()).filter(Boolean))])
      .pipe(z.array(ProjectState).min(1)),
  }),
});

const Day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a day such as 2026-03-31').refine(isCalendarDay, 'must be a real day');
const FlowQueryShape = z.object({
  from: Day.optional(),
  to: Day.optional(),
  /** A product type code, or '-' for projects without items. */
  product_type: z.enum([...productTypeCodes, '-']).optional(),
});
const FlowQuery = z.object({ query: FlowQueryShape.refine((query) => !query.from || !query.to || query.from <= query.to, { message: 'from must not be after to', path: ['from'] }) });

/** SPEC §7 statistics for the reporting screen (staff); each figure is defined in docs/decisions/0061. */
export function statsRoutes(deps: QueryDeps): Router {
  const router = Router();
  router.use('/stats/', readYourWrites(deps.pool, ['projects', 'revenue', 'project_flow'], deps.readYourWrites));

  const tag = 'Statistics';
  const access = 'staff';
  documentRead(deps.registry, { path: '/stats/monthly_revenue/', summary: 'Revenue of each of the last twelve months', tag, access, response: MonthlyRevenue });
  documentRead(deps.registry, {
    path: '/stats/rolling_revenue/',
    summary: 'Revenue of the last `days` days',
    tag,
    access,
    query: z.object({ days: z.number().int().min(1).max(3660).optional() }),
    response: RollingRevenue,
  });
  documentRead(deps.registry, {
    path: '/stats/production_revenue/',
    summary: 'Total, paid and remaining of the projects in each state asked for (default P,I)',
    tag,
    access,
    query: z.object({ states: StateListDoc.optional() }),
    response: ProductionRevenue,
  });
  documentRead(deps.registry, { path: '/stats/products_due/', summary: 'Quantities of open work by product type, soonest due first', tag, access, response: ProductsDue });
  documentRead(deps.registry, { path: '/stats/projects_due/', summary: 'Open projects by due date, with days left', tag, access, response: ProjectsDue });
  documentRead(deps.registry, {
    path: '/stats/funnel/',
    summary: 'Projects started in the period (days, inclusive) and how many reached each step (docs/decisions/0182)',
    tag,
    access,
    query: FlowQueryShape,
    response: Funnel,
  });
  documentRead(deps.registry, {
    path: '/stats/lead_times/',
    summary: 'Days in each state and production state, draft-to-paid and paid-to-shipped, for stretches ended in the period',
    tag,
    access,
    query: FlowQueryShape,
    response: LeadTimes,
  });
  router.get('/stats/funnel/', async (req, res) => {
    requireStaff(req);
    const filter = flowFilter(parseRequest(FlowQuery, req).query);
    res.json({ from: filter.from, to: filter.to, product_type: filter.productType, steps: funnelStepRows(await funnelCounts(deps.pool, filter)) });
  });

  router.get('/stats/lead_times/', async (req, res) => {
    requireStaff(req);
    const filter = flowFilter(parseRequest(FlowQuery, req).query);
    const found = await leadTimes(deps.pool, filter);
    const order = (measure: string) => (stretchMeasures as readonly string[]).indexOf(measure);
    res.json({ from: filter.from, to: filter.to, product_type: filter.productType, measures: found.sort((a, b) => order(a.measure) - order(b.measure)) });
  });

  router.get('/stats/monthly_revenue/', async (req, res) => {
    requireStaff(req);
    const now = deps.clock.now();
    const from = await monthStart(deps.pool, now, 11);
    const to = await monthStart(deps.pool, now, -1);
    const found = new Map((await revenueByMonth(deps.pool, from, to)).map((month) => [month.month, month]));
    res.json(lastTwelveMonths(shopDay(now)).map((month) => found.get(month) ?? { month, revenue: 0, payments: 0 }));
  });

  router.get('/stats/rolling_revenue/', async (req, res) => {
    requireStaff(req);
    const { query } = parseRequest(RollingQuery, req);
    const to = deps.clock.now();
    const from = new Date(to.getTime() - query.days * DAY_MS);
    res.json({ days: query.days, from: from.toISOString(), to: to.toISOString(), ...(await revenueBetween(deps.pool, from, to)) });
  });

  router.get('/stats/production_revenue/', async (req, res) => {
    requireStaff(req);
    const { query } = parseRequest(ProductionQuery, req);
    const views = (await findProjects(deps.pool, { states: query.states })).map((row) => row.view);
    res.json(query.states.map((state) => productionFigures(state, views.filter((view) => view.state === state))));
  });

  router.get('/stats/products_due/', async (req, res) => {
    requireStaff(req);
    const views = (await findProjects(deps.pool, { states: OPEN_WORK })).map((row) => row.view);
    const typeOf = productTypeLookup(await findProducts(deps.pool));
    res.json(productsDue(views, typeOf));
  });

  router.get('/stats/projects_due/', async (req, res) => {
    requireStaff(req);
    const today = shopDay(deps.clock.now());
    const views = (await findProjects(deps.pool, { states: OPEN_WORK })).map((row) => row.view);
    const sorted = views.sort((a, b) => byDueThenId(a.due, b.due) || a.id.localeCompare(b.id));
    res.json(sorted.map((view) => ({ ...projectSummary(view), production_state: view.production_state, days_left: daysBetween(today, view.due) })));
  });
  return router;
}

/** A day that exists (no 30 February): it reads back as itself. */
function isCalendarDay(day: string): boolean {
  const date = new Date(`${day}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === day;
}

const flowFilter = (query: z.infer<typeof FlowQueryShape>) => ({ from: query.from ?? null, to: query.to ?? null, productType: query.product_type ?? null });

/** YYYY-MM of the twelve months ending with the month of `today` (YYYY-MM-DD), oldest first. */
function lastTwelveMonths(today: string): string[] {
  const [year, month] = today.split('-').map(Number) as [number, number];
  return Array.from({ length: 12 }, (_, index) => {
    const date = new Date(Date.UTC(year, month - 1 - (11 - index), 1));
    return date.toISOString().slice(0, 7);
  });
}

function productionFigures(state: ProjectState, views: readonly ProjectView[]) {
  const costs = views.map(costOf);
  const sum = (pick: (cost: (typeof costs)[number]) => number) => costs.reduce((total, cost) => total + pick(cost), 0);
  return { state, projects: views.length, total: sum((cost) => cost.total), paid: sum((cost) => cost.paid), remaining: sum((cost) => cost.remaining) };
}

function productTypeLookup(products: ReadonlyArray<{ product_id: number; product_type: string }>): (item: LineItem) => string {
  const byId = new Map(products.map((product) => [product.product_id, product.product_type]));
  // Product 0 is the custom item (type X); an item keeps the type it was chosen with.
  return (item) => item.product_type ?? byId.get(item.product_id) ?? 'X';
}

function productsDue(views: readonly ProjectView[], typeOf: (item: LineItem) => string) {
  const groups = new Map<string, { product_type: string; quantity: number; projects: Set<string>; next_due: string | null }>();
  for (const view of views) {
    for (const item of view.items) {
      const type = typeOf(item);
      const group = groups.get(type) ?? { product_type: type, quantity: 0, projects: new Set<string>(), next_due: null };
      group.quantity += item.quantity ?? 0;
      group.projects.add(view.id);
      if (view.due !== null && (group.next_due === null || view.due < group.next_due)) group.next_due = view.due;
      groups.set(type, group);
    }
  }
  return [...groups.values()]
    .map((group) => ({ ...group, projects: group.projects.size }))
    .sort((a, b) => byDueThenId(a.next_due, b.next_due) || a.product_type.localeCompare(b.product_type));
}

/** Soonest first, undated last. */
function byDueThenId(a: string | null, b: string | null): number {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  return a < b ? -1 : 1;
}

/** Calendar days from `today` to `due` (negative when overdue); null without a due date. */
function daysBetween(today: string, due: string | null): number | null {
  if (due === null) return null;
  return Math.round((Date.parse(`${due.slice(0, 10)}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / DAY_MS);
}
