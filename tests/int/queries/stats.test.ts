import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../../support/http-client.js';
import { startTestShop, type TestShop } from '../../support/shop.js';
import { appendDomainEvents, projectCreated, projectEvents as e } from './support/domain-events.js';
import { clientAs, customerUser, staffUser } from './support/sessions.js';

// Payments must carry past dates relative to now, which only the event store can give them.
const DAY = 24 * 3600 * 1000;
const STAFF = 'staff-1';
const nyMonth = (at: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York', year: 'numeric', month: '2-digit' }).format(at).slice(0, 7);
const nyDay = (at: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York', year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);

let shop: TestShop;
let staff: ApiClient;
let now: Date;
let monthStart: Date;
let dueIn10: string;

beforeAll(async () => {
  shop = await startTestShop();
  now = new Date();
  const start = await shop.db.pool.query<{ start: Date }>(`SELECT date_trunc('month', now() AT TIME ZONE 'America/New_York') AT TIME ZONE 'America/New_York' AS start`);
  monthStart = start.rows[0]!.start;
  dueIn10 = nyDay(new Date(now.getTime() + 10 * DAY));
  const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();
  const toA = (id: string, at: string) => [projectCreated({ projectId: id, ownerId: 'c1', at }), e.submitted(at, 'c1'), e.approved(at, STAFF)];
  // pA: paid in full a minute ago, in production due in 10 days.
  await appendDomainEvents(shop.db.pool, 'project-pA', [...toA('pA', ago(2 * DAY)), e.paid(ago(60_000), 'c1', 49000), e.started(ago(30_000), STAFF, dueIn10)]);
  // pB: a deposit one hour before this month began in New York (still this month in UTC for 4–5 hours), the rest two minutes ago.
  const beforeMonth = new Date(monthStart.getTime() - 3600_000).toISOString();
  await appendDomainEvents(shop.db.pool, 'project-pB', [...toA('pB', ago(40 * DAY)), e.paid(beforeMonth, 'c1', 20000, 34000), e.paid(ago(120_000), 'c1', 34000)]);
  // pC: a deposit 100 days ago, 39000 still owed.
  await appendDomainEvents(shop.db.pool, 'project-pC', [...toA('pC', ago(101 * DAY)), e.paid(ago(100 * DAY), 'c1', 15000, 39000)]);
  // pD: paid 400 days ago (outside every window), long finished.
  const revision = await appendDomainEvents(shop.db.pool, 'project-pD', [
    ...toA('pD', ago(401 * DAY)),
    e.paid(ago(400 * DAY), 'c1', 54000),
    e.started(ago(399 * DAY), STAFF, '2020-01-01'),
    e.completed(ago(390 * DAY), STAFF),
  ]);
  staff = await clientAs(shop.db.pool, shop.url, staffUser(STAFF));
  const ready = await staff.get('/api/internal/projects/pD/', { 'x-min-revision': `project-pD@${revision}` });
  expect(ready.headers.get('x-min-revision-status')).toBe('reached');
  // The revenue projection runs on its own checkpoint; wait for it too.
  for (let tries = 0; tries < 100; tries++) {
    const reached = await shop.db.pool.query("SELECT 1 FROM projection_stream_revisions WHERE projection = 'revenue' AND stream_id = 'project-pD' AND revision >= $1", [revision]);
    if (reached.rowCount) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
});
afterAll(async () => {
  await shop?.stop();
});

describe('GET /api/stats/monthly_revenue/', () => {
  it('sums payments by the New York calendar month they were recorded in, over the last twelve months, zero-filled', async () => {
    const response = await staff.get('/api/stats/monthly_revenue/');
    expect(response.status).toBe(200);
    expect(response.body).toHaveLength(12);
    expect(response.body.at(-1)).toEqual({ month: nyMonth(now), revenue: 49000 + 34000, payments: 2 });
    const previous = nyMonth(new Date(monthStart.getTime() - 3600_000));
    const hundredDaysAgo = nyMonth(new Date(now.getTime() - 100 * DAY));
    const byMonth = new Map(response.body.map((entry: any) => [entry.month, entry]));
    expect(byMonth.get(previous)).toEqual({ month: previous, revenue: 20000 + (previous === hundredDaysAgo ? 15000 : 0), payments: previous === hundredDaysAgo ? 2 : 1 });
    expect(byMonth.get(hundredDaysAgo)).toMatchObject({ revenue: expect.any(Number) });
    const total = response.body.reduce((sum: number, entry: any) => sum + entry.revenue, 0);
    expect(total).toBe(49000 + 34000 + 20000 + 15000);
    expect(response.body.map((entry: any) => entry.month)).toEqual([...response.body.map((entry: any) => entry.month)].sort());
  });
});

describe('GET /api/stats/rolling_revenue/', () => {
  it('sums payments recorded in the last n days (default 30)', async () => {
    expect((await staff.get('/api/stats/rolling_revenue/?days=45')).body).toMatchObject({ days: 45, revenue: 49000 + 34000 + 20000, payments: 3 });
    expect((await staff.get('/api/stats/rolling_revenue/?days=200')).body).toMatchObject({ days: 200, revenue: 118000, payments: 4 });
    expect((await staff.get('/api/stats/rolling_revenue/')).body).toMatchObject({ days: 30 });
    expect((await staff.get('/api/stats/rolling_revenue/?days=0')).status).toBe(400);
  });
});

describe('GET /api/stats/production_revenue/', () => {
  it('gives per requested state the projects, their order totals, what is paid and what is owed', async () => {
    // Each project totals 54000 (tax exempt, pick-up); pC owes 39000 after its 15000 deposit.
    expect((await staff.get('/api/stats/production_revenue/?states=P,I')).body).toEqual([
      { state: 'P', projects: 2, total: 108000, paid: 54000 + 15000, remaining: 39000 },
      { state: 'I', projects: 1, total: 54000, paid: 54000, remaining: 0 },
    ]);
    expect((await staff.get('/api/stats/production_revenue/?states=S')).body).toEqual([{ state: 'S', projects: 0, total: 0, paid: 0, remaining: 0 }]);
    expect((await staff.get('/api/stats/production_revenue/?states=Z')).status).toBe(400);
  });
});

describe('due work', () => {
  it('GET /api/stats/products_due/ counts the items of paid, unfinished projects by product type', async () => {
    expect((await staff.get('/api/stats/products_due/')).body).toEqual([
      { product_type: 'P', quantity: 6, projects: 3, next_due: dueIn10 },
      { product_type: 'X', quantity: 3, projects: 3, next_due: dueIn10 },
    ]);
  });

  it('GET /api/stats/projects_due/ lists paid, unfinished projects soonest due first, with days left', async () => {
    const body = (await staff.get('/api/stats/projects_due/')).body;
    expect(body.map((project: any) => [project.id, project.due, project.days_left])).toEqual([
      ['pA', dueIn10, 10],
      ['pB', null, null],
      ['pC', null, null],
    ]);
  });

  it('is for staff only', async () => {
    const customer = await clientAs(shop.db.pool, shop.url, customerUser('c1'));
    for (const path of ['monthly_revenue/', 'rolling_revenue/?days=3', 'production_revenue/?states=P,I', 'products_due/', 'projects_due/']) {
      expect((await customer.get(`/api/stats/${path}`)).status).toBe(403);
    }
  });
});

describe('GET /api/stats/funnel/ and /api/stats/lead_times/ (docs/decisions/0182)', () => {
  /** The project_flow projection runs on its own checkpoint: read until it has all four projects. */
  async function funnel(query = '') {
    for (let tries = 0; ; tries++) {
      const response = await staff.get(`/api/stats/funnel/${query}`);
      if (query !== '' || response.body.steps?.[0]?.projects === 4 || tries > 200) return response;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  it('counts the projects started in the period and the steps they reached, with conversion and drop-off', async () => {
    const all = await funnel();
    expect(all.status).toBe(200);
    expect(all.body).toMatchObject({ from: null, to: null, product_type: null });
    expect(all.body.steps.map((step: any) => [step.step, step.projects, step.of_previous_pct, step.dropped])).toEqual([
      ['started', 4, 100, 0],
      ['submitted', 4, 100, 0],
      ['priced', 0, 0, 4],
      ['approved', 4, null, -4],
      ['paid', 4, 100, 0],
      ['shipped', 0, 0, 4],
      ['cancelled', 0, null, null],
    ]);
    // Started in the last 50 days (New York calendar): pA and pB.
    const recent = await funnel(`?from=${nyDay(new Date(now.getTime() - 50 * DAY))}`);
    expect(recent.body.steps[0]).toMatchObject({ step: 'started', projects: 2 });
    expect((await funnel('?product_type=BQ')).body.steps[0]).toMatchObject({ step: 'started', projects: 0 });
  });

  it('gives days per stretch ended in the period: pD spent 9 days in production', async () => {
    await funnel();
    const response = await staff.get('/api/stats/lead_times/');
    expect(response.status).toBe(200);
    const byMeasure = Object.fromEntries(response.body.measures.map((row: any) => [row.measure, row]));
    expect(byMeasure['state I']).toEqual({ measure: 'state I', count: 1, p50_days: 9, p90_days: 9, max_days: 9 });
    expect(byMeasure['production N']).toMatchObject({ count: 1, p50_days: 9 });
    expect(byMeasure['draft-to-paid'].count).toBe(4);
    const lastMonth = await staff.get(`/api/stats/lead_times/?from=${nyDay(new Date(now.getTime() - 30 * DAY))}`);
    expect(lastMonth.body.measures.map((row: any) => row.measure)).not.toContain('state I');
  });

  it('answers 400 with a message for a bad day, an unknown product type or from after to, and 403 to customers', async () => {
    for (const query of ['?from=yesterday', '?to=2026-02-30', '?product_type=ZZ', '?from=2026-05-01&to=2026-04-01']) {
      for (const path of ['funnel/', 'lead_times/']) {
        const response = await staff.get(`/api/stats/${path}${query}`);
        expect(response.status, `${path}${query}`).toBe(400);
        expect(response.body).toMatchObject({ status: 400, message: expect.any(String) });
      }
    }
    const customer = await clientAs(shop.db.pool, shop.url, customerUser('c1'));
    expect((await customer.get('/api/stats/funnel/')).status).toBe(403);
  });
});
