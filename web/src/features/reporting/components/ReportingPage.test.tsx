import { QueryClientProvider } from '@tanstack/react-query';
import { configure, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { cloneElement, isValidElement, type ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiClient, type RequestOptions } from '../../../lib/api-client';
import { createQueryClient } from '../../../lib/query-client';
import { ReportingPage } from './ReportingPage';

vi.mock('../../../lib/api-client', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../../lib/api-client')>();
  return { ...actual, apiClient: { get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() } };
});
const get = vi.mocked(apiClient.get);

// Seven charts drawn in jsdom take seconds on a loaded machine: wait for them generously.
configure({ asyncUtilTimeout: 15_000 });

// jsdom lays nothing out, so a ResponsiveContainer measures 0 × 0 and draws nothing; give the charts
// the size a browser would.
vi.mock('recharts', async (importOriginal) => {
  const actual = await importOriginal<typeof import('recharts')>();
  return {
    ...actual,
    ResponsiveContainer: ({ children }: { children: ReactNode }) => (
      <div>{isValidElement<{ width?: number; height?: number }>(children) ? cloneElement(children, { width: 800, height: 260 }) : children}</div>
    ),
  };
});

/*
 * Answers as query-api/src/routes/stats-routes.ts gives them (docs/decisions/0061) for a shop with
 * one project, paid in full ($540.00, two pillows) on 11/20/2026, due on 12/20/2026.
 */
const months = ['2025-12', '2026-01', '2026-02', '2026-03', '2026-04', '2026-05', '2026-06', '2026-07', '2026-08', '2026-09', '2026-10', '2026-11'];
const monthlyRevenue = months.map((month) => (month === '2026-11' ? { month, revenue: 54000, payments: 1 } : { month, revenue: 0, payments: 0 }));
const rollingRevenue = (days: number) => ({ days, from: '2026-10-23T12:00:00.000Z', to: '2026-11-22T12:00:00.000Z', revenue: days >= 7 ? 54000 : 0, payments: 1 });
const productionRevenue = [
  { state: 'P', projects: 1, total: 54000, paid: 54000, remaining: 0 },
  { state: 'I', projects: 0, total: 0, paid: 0, remaining: 0 },
];
const productsDue = [{ product_type: 'P', quantity: 2, projects: 1, next_due: '2026-12-20' }];
const projectsDue = [
  {
    id: 'p-1',
    name: 'Living room pillows',
    state: 'P',
    production_state: 'N',
    user: 'u-7',
    organization_id: null,
    created: '2026-11-01T10:00:00.000Z',
    updated: '2026-11-20T10:00:00.000Z',
    submitted: '2026-11-02T10:00:00.000Z',
    approved: '2026-11-03T10:00:00.000Z',
    paid: '2026-11-20T10:00:00.000Z',
    due: '2026-12-20',
    total_quantity: 2,
    readiness: 'Ready To Start',
    total: 54000,
    days_left: 28,
  },
];

/* The Funnel and Lead times of the same shop (docs/decisions/0182): one project, started, priced, paid. */
const funnel = {
  from: null,
  to: null,
  product_type: null,
  steps: [
    { step: 'started', projects: 4, of_previous_pct: 100, of_started_pct: 100, dropped: 0 },
    { step: 'submitted', projects: 3, of_previous_pct: 75, of_started_pct: 75, dropped: 1 },
    { step: 'priced', projects: 2, of_previous_pct: 66.7, of_started_pct: 50, dropped: 1 },
    { step: 'approved', projects: 2, of_previous_pct: 100, of_started_pct: 50, dropped: 0 },
    { step: 'paid', projects: 1, of_previous_pct: 50, of_started_pct: 25, dropped: 1 },
    { step: 'shipped', projects: 0, of_previous_pct: 0, of_started_pct: 0, dropped: 1 },
    { step: 'cancelled', projects: 1, of_previous_pct: null, of_started_pct: 25, dropped: null },
  ],
};
const leadTimes = {
  from: null,
  to: null,
  product_type: null,
  measures: [
    { measure: 'state R', count: 3, p50_days: 1.5, p90_days: 4.25, max_days: 4.25 },
    { measure: 'draft-to-paid', count: 1, p50_days: 19, p90_days: 19, max_days: 19 },
  ],
};

function answerWith(answers: Record<string, (options?: RequestOptions) => unknown>) {
  get.mockImplementation(async (path: string, options?: RequestOptions) => {
    const answer = answers[path];
    if (!answer) throw new ApiError(404, 'Not found.');
    return answer(options);
  });
}

const realAnswers = {
  '/stats/monthly_revenue/': () => monthlyRevenue,
  '/stats/rolling_revenue/': (options?: RequestOptions) => rollingRevenue(Number(options?.params?.days)),
  '/stats/production_revenue/': () => productionRevenue,
  '/stats/products_due/': () => productsDue,
  '/stats/projects_due/': () => projectsDue,
  '/stats/funnel/': (options?: RequestOptions) => (options?.params?.product_type === 'X' ? { ...funnel, steps: funnel.steps.map((step) => ({ ...step, projects: 0 })) } : funnel),
  '/stats/lead_times/': () => leadTimes,
  '/read-models/lag/': () => ({ catching_up: false, events_behind: 0, read_models: [] }),
};

function renderPage() {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={['/internal/reporting/']}>
        <ReportingPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const report = (name: string) => screen.getByRole('region', { name });
/** Bars with a height: recharts draws each as a path inside .recharts-bar-rectangle. */
const drawnBars = (region: HTMLElement) =>
  [...region.querySelectorAll('.recharts-bar-rectangle path')].filter((path) => Number(path.getAttribute('height') ?? '0') > 0);
const axisTicks = (region: HTMLElement) => [...region.querySelectorAll('.recharts-xAxis-tick-labels .recharts-cartesian-axis-tick-value')].map((tick) => tick.textContent);

describe('ReportingPage', { timeout: 60_000 }, () => {
  beforeEach(() => {
    get.mockReset();
  });

  it('plots monthly revenue per month, with the twelve months on the x-axis', async () => {
    answerWith(realAnswers);
    renderPage();
    const monthly = await waitFor(() => {
      const region = report('Monthly revenue');
      expect(within(region).queryByRole('status')).not.toBeInTheDocument();
      return region;
    });
    expect(within(monthly).getByText(/Last 12 months:/)).toHaveTextContent('Last 12 months: $540.00 from 1 payment.');
    expect(axisTicks(monthly)).toEqual(['Dec 2025', 'Jan 2026', 'Feb 2026', 'Mar 2026', 'Apr 2026', 'May 2026', 'Jun 2026', 'Jul 2026', 'Aug 2026', 'Sep 2026', 'Oct 2026', 'Nov 2026']);
    expect(drawnBars(monthly)).toHaveLength(1);
  });

  it('shows the rolling revenue as figures of the chosen window, not its keys', async () => {
    answerWith(realAnswers);
    const user = userEvent.setup();
    renderPage();
    const figures = await screen.findByLabelText('Revenue of the last 30 days');
    expect(within(figures).getByText('Revenue').nextSibling).toHaveTextContent('$540.00');
    expect(within(figures).getByText('Payments').nextSibling).toHaveTextContent('1');
    expect(within(figures).getByText('Period').nextSibling).toHaveTextContent('10/23/2026 – 11/22/2026 (30 days)');
    const rolling = report('Rolling revenue');
    expect(axisTicks(rolling)).toEqual([]);
    expect(within(rolling).queryByText('days')).not.toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Days'), 'Last 7 days');
    expect(await screen.findByLabelText('Revenue of the last 7 days')).toBeInTheDocument();
    expect(get).toHaveBeenCalledWith('/stats/rolling_revenue/', { params: { days: 7 } });
  });

  it('draws the paid project of production revenue as a bar, split into paid and still owed', async () => {
    answerWith(realAnswers);
    renderPage();
    const production = await waitFor(() => {
      const region = report('Production revenue (Paid and In Progress)');
      expect(within(region).getByRole('table')).toBeInTheDocument();
      return region;
    });
    expect(get).toHaveBeenCalledWith('/stats/production_revenue/', { params: { states: 'P,I' } });
    expect(axisTicks(production)).toEqual(['Paid', 'In Progress']);
    expect(drawnBars(production)).toHaveLength(1);
    const paidRow = within(production).getByRole('row', { name: /^Paid/ });
    expect(within(paidRow).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['1', '$540.00', '$540.00', '$0.00']);
    const inProgressRow = within(production).getByRole('row', { name: /^In Progress/ });
    expect(within(inProgressRow).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['0', '$0.00', '$0.00', '$0.00']);
  });

  it('lists due work by product type and by project, soonest first', async () => {
    answerWith(realAnswers);
    renderPage();
    const products = await waitFor(() => {
      const region = report('Products due');
      expect(within(region).getByRole('table')).toBeInTheDocument();
      return region;
    });
    expect(axisTicks(products)).toEqual(['Pillow']);
    expect(drawnBars(products)).toHaveLength(1);
    expect(within(within(products).getByRole('row', { name: /^Pillow/ })).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['2', '1', '12/20/2026']);

    const projects = report('Projects due');
    const link = within(projects).getByRole('link', { name: 'Living room pillows' });
    expect(link).toHaveAttribute('href', '/internal/projects/p-1');
    expect(within(within(projects).getByRole('row', { name: /Living room pillows/ })).getAllByRole('cell').map((cell) => cell.textContent)).toEqual([
      'Paid',
      'Not Started',
      '2',
      '12/20/2026',
      '28 days',
    ]);
  });

  it('shows "No data." for every report when the stats calls fail (SPEC §8)', async () => {
    get.mockRejectedValue(new ApiError(500, 'Something went wrong.'));
    renderPage();
    await waitFor(() => expect(screen.getAllByText('No data.')).toHaveLength(7));
  });

  it('shows "No data." rather than a chart of the wrong fields when an answer has another shape', async () => {
    answerWith({
      ...realAnswers,
      '/stats/rolling_revenue/': () => [{ label: 'x', value: 1 }],
      '/stats/production_revenue/': () => ({ P: 54000 }),
    });
    renderPage();
    await waitFor(() => expect(within(report('Rolling revenue')).getByText('No data.')).toBeInTheDocument());
    expect(within(report('Production revenue (Paid and In Progress)')).getByText('No data.')).toBeInTheDocument();
  });

  it('shows the funnel and the lead times as a chart, a table and a CSV, and asks again for a product type', async () => {
    answerWith(realAnswers);
    const user = userEvent.setup();
    renderPage();
    const funnelRegion = await waitFor(() => {
      const region = report('Funnel');
      expect(within(region).getByRole('row', { name: /^Submitted/ })).toBeInTheDocument();
      return region;
    });
    expect(within(within(funnelRegion).getByRole('row', { name: /^Priced/ })).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['2', '66.7%', '50%', '1']);
    expect(drawnBars(funnelRegion)).toHaveLength(6);
    const csv = decodeURIComponent(within(funnelRegion).getByRole('link', { name: 'Download CSV' }).getAttribute('href')!.split(',').slice(1).join(','));
    expect(csv.split('\r\n').slice(0, 2)).toEqual(['step,projects,of_previous_pct,of_started_pct,dropped', 'started,4,100,100,0']);

    const leadRegion = report('Lead times');
    await waitFor(() => expect(within(leadRegion).getByRole('row', { name: /^Review/ })).toBeInTheDocument());
    expect(within(within(leadRegion).getByRole('row', { name: /^Draft to paid/ })).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['1', '19.0', '19.0', '19.0']);

    await user.selectOptions(within(funnelRegion).getByLabelText('Product type'), 'X');
    await waitFor(() => expect(within(funnelRegion).getByText('No data.')).toBeInTheDocument());
    expect(get).toHaveBeenCalledWith('/stats/funnel/', { params: { product_type: 'X' } });
  });

  it('says it is catching up while its read models are behind, then reads its figures again', async () => {
    let behind = true;
    answerWith({
      ...realAnswers,
      '/stats/monthly_revenue/': () => (behind ? [] : monthlyRevenue),
      '/read-models/lag/': () => ({ catching_up: behind, events_behind: behind ? 12345 : 0, read_models: [] }),
    });
    renderPage();
    expect(await screen.findByText(/^Catching up: 12,345 events behind/)).toBeInTheDocument();
    expect(get).toHaveBeenCalledWith('/read-models/lag/', { params: { read_models: 'revenue,projects,project_flow' } });
    behind = false;
    await waitFor(() => expect(screen.queryByText(/^Catching up/)).not.toBeInTheDocument(), { timeout: 6_000 });
    await waitFor(() => expect(within(report('Monthly revenue')).getByText(/Last 12 months:/)).toHaveTextContent('Last 12 months: $540.00 from 1 payment.'));
  }, 15_000);
});
