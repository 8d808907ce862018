import { useQuery } from '@tanstack/react-query';
import { useId, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { productTypeDisplayNames } from '@shop/domain';
import { to } from '../../../lib/paths';
import { formatCents, formatDate } from '../../../lib/format';
import { productionStateLabel, projectStateLabel } from '../../../lib/project-labels';
import {
  fetchMonthlyRevenue,
  fetchProductionRevenue,
  fetchProductsDue,
  fetchProjectsDue,
  fetchRollingRevenue,
  type MonthRevenue,
  type ProductTypeDue,
  type ProjectDue,
  type RollingRevenue,
  type StateRevenue,
} from '../api/stats';
import { FunnelReport, LeadTimesReport } from './FlowReports';
import { CatchingUp } from '../../../components/CatchingUp';

export const ROLLING_DAY_CHOICES = [7, 30, 90, 365] as const;

const PAID_COLOUR = '#6b4f3a';
const OWED_COLOUR = '#c9a27e';
const CHART_HEIGHT = 260;

const dollars = (cents: number) => formatCents(cents).replace(/\.00$/, '');
const count = (n: number) => n.toLocaleString('en-US');
const plural = (n: number, one: string, many: string) => `${count(n)} ${n === 1 ? one : many}`;

const monthNames = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** 'YYYY-MM' → 'Jan 2026'; anything else as it came. */
export function monthLabel(month: string): string {
  const match = /^(\d{4})-(\d{2})$/.exec(month);
  const name = match ? monthNames[Number(match[2]) - 1] : undefined;
  return match && name ? `${name} ${match[1]}` : month;
}

const productTypeLabel = (code: string) => (productTypeDisplayNames as Record<string, string>)[code] ?? code;

/** Cache keys of the reports; the rolling one per window. */
const statsKeys = {
  monthly: ['stats', 'monthly-revenue'] as const,
  rolling: (days: number) => ['stats', 'rolling-revenue', days] as const,
  production: ['stats', 'production-revenue'] as const,
  productsDue: ['stats', 'products-due'] as const,
  projectsDue: ['stats', 'projects-due'] as const,
};

function Report({ title, loading, empty, controls, children }: { title: string; loading: boolean; empty: boolean; controls?: ReactNode; children: ReactNode }) {
  const headingId = useId();
  return (
    <section className="chart" aria-labelledby={headingId}>
      <div className="chart-heading">
        <h2 id={headingId}>{title}</h2>
        {controls}
      </div>
      {loading && <p role="status">Loading…</p>}
      {!loading && empty && <p>No data.</p>}
      {!loading && !empty && children}
    </section>
  );
}

function MonthlyRevenueReport({ months }: { months: MonthRevenue[] | null }) {
  const data = (months ?? []).map((m) => ({ ...m, label: monthLabel(m.month) }));
  const revenue = data.reduce((sum, m) => sum + m.revenue, 0);
  const payments = data.reduce((sum, m) => sum + m.payments, 0);
  return (
    <Report title="Monthly revenue" loading={months === null} empty={data.length === 0}>
      <p>
        Last {data.length} months: <strong>{formatCents(revenue)}</strong> from {plural(payments, 'payment', 'payments')}.
      </p>
      <ResponsiveContainer width="100%" height={CHART_HEIGHT}>
        <BarChart data={data}>
          <CartesianGrid strokeDasharray="3 3" />
          <XAxis dataKey="label" />
          <YAxis tickFormatter={dollars} width={80} />
          <Tooltip formatter={(v) => dollars(Number(v))} />
          <Bar dataKey="revenue" name="Revenue" fill={PAID_COLOUR} isAnimationActive={false} />
        </BarChart>
      </ResponsiveContainer>
    </Report>
  );
}

function RollingRevenueReport({ rolling, days, onDays }: { rolling: RollingRevenue | null | undefined; days: number; onDays: (days: number) => void }) {
  const controls = (
    <div className="field inline">
      <label htmlFor="rolling-days">Days</label>
      <select id="rolling-days" value={days} onChange={(e) => onDays(Number(e.target.value))}>
        {ROLLING_DAY_CHOICES.map((d) => (
          <option key={d} value={d}>
            Last {d} days
          </option>
        ))}
      </select>
    </div>
  );
  return (
    <Report title="Rolling revenue" loading={rolling === undefined} empty={rolling === null || rolling === undefined} controls={controls}>
      {rolling && (
        <dl className="figures" aria-label={`Revenue of the last ${rolling.days} days`}>
          <div>
            <dt>Revenue</dt>
            <dd>{formatCents(rolling.revenue)}</dd>
          </div>
          <div>
            <dt>Payments</dt>
            <dd>{count(rolling.payments)}</dd>
          </div>
          <div>
            <dt>Period</dt>
            <dd>
              {formatDate(rolling.from)} – {formatDate(rolling.to)} ({plural(rolling.days, 'day', 'days')})
            </dd>
          </div>
        </dl>
      )}
    </Report>
  );
}

function ProductionRevenueReport({ states }: { states: StateRevenue[] | null }) {
  const data = (states ?? []).map((s) => ({ ...s, label: projectStateLabel(s.state) }));
  return (
    <Report title="Production revenue (Paid and In Progress)" loading={states === null} empty={data.length === 0}>
      <ResponsiveContainer width="100%" height={CHART_HEIGHT}>
        <BarChart data={data}>
          <CartesianGrid strokeDasharray="3 3" />
          <XAxis dataKey="label" />
          <YAxis tickFormatter={dollars} width={80} />
          <Tooltip formatter={(v) => dollars(Number(v))} />
          {/* Legend text in the ink colour: the lighter swatch alone would be too faint to read. */}
          <Legend formatter={(value) => <span className="legend-label">{String(value)}</span>} />
          <Bar dataKey="paid" name="Paid" stackId="value" fill={PAID_COLOUR} isAnimationActive={false} />
          <Bar dataKey="remaining" name="Still owed" stackId="value" fill={OWED_COLOUR} isAnimationActive={false} />
        </BarChart>
      </ResponsiveContainer>
      <div className="table-wrap">
        <table>
          <caption className="visually-hidden">Production revenue by state</caption>
          <thead>
            <tr>
              <th scope="col">State</th>
              <th scope="col">Projects</th>
              <th scope="col">Order value</th>
              <th scope="col">Paid</th>
              <th scope="col">Still owed</th>
            </tr>
          </thead>
          <tbody>
            {data.map((s) => (
              <tr key={s.state}>
                <th scope="row">{s.label}</th>
                <td>{count(s.projects)}</td>
                <td>{formatCents(s.total)}</td>
                <td>{formatCents(s.paid)}</td>
                <td>{formatCents(s.remaining)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Report>
  );
}

function ProductsDueReport({ products }: { products: ProductTypeDue[] | null }) {
  const data = (products ?? []).map((p) => ({ ...p, label: productTypeLabel(p.product_type) }));
  return (
    <Report title="Products due" loading={products === null} empty={data.length === 0}>
      <ResponsiveContainer width="100%" height={CHART_HEIGHT}>
        <BarChart data={data}>
          <CartesianGrid strokeDasharray="3 3" />
          <XAxis dataKey="label" />
          <YAxis allowDecimals={false} width={80} />
          <Tooltip />
          <Bar dataKey="quantity" name="Quantity" fill={PAID_COLOUR} isAnimationActive={false} />
        </BarChart>
      </ResponsiveContainer>
      <div className="table-wrap">
        <table>
          <caption className="visually-hidden">Products due by product type</caption>
          <thead>
            <tr>
              <th scope="col">Product type</th>
              <th scope="col">Quantity</th>
              <th scope="col">Projects</th>
              <th scope="col">Next due</th>
            </tr>
          </thead>
          <tbody>
            {data.map((p) => (
              <tr key={p.product_type}>
                <th scope="row">{p.label}</th>
                <td>{count(p.quantity)}</td>
                <td>{count(p.projects)}</td>
                <td>{p.next_due ? formatDate(p.next_due) : 'No due date'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Report>
  );
}

function daysLeftText(daysLeft: number | null): string {
  if (daysLeft === null) return 'No due date';
  if (daysLeft < 0) return `Overdue by ${plural(-daysLeft, 'day', 'days')}`;
  if (daysLeft === 0) return 'Due today';
  return plural(daysLeft, 'day', 'days');
}

function ProjectsDueReport({ projects }: { projects: ProjectDue[] | null }) {
  const rows = projects ?? [];
  return (
    <Report title="Projects due" loading={projects === null} empty={rows.length === 0}>
      <div className="table-wrap">
        <table>
          <caption className="visually-hidden">Projects due, soonest first</caption>
          <thead>
            <tr>
              <th scope="col">Project</th>
              <th scope="col">State</th>
              <th scope="col">Production</th>
              <th scope="col">Items</th>
              <th scope="col">Due</th>
              <th scope="col">Days left</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((p) => (
              <tr key={p.id}>
                <th scope="row">
                  <Link to={to.internalProject(p.id)}>{p.name || `Project ${p.id}`}</Link>
                </th>
                <td>{projectStateLabel(p.state)}</td>
                <td>{productionStateLabel(p.production_state)}</td>
                <td>{count(p.total_quantity)}</td>
                <td>{p.due ? formatDate(p.due) : ''}</td>
                <td>{daysLeftText(p.days_left)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Report>
  );
}

/**
 * /internal/reporting/: revenue and due-work reports (SPEC §7 Statistics, docs/decisions/0061), then
 * the Funnel and Lead times (docs/decisions/0182).
 * A failed report shows "No data." (SPEC §8).
 */
export function ReportingPage() {
  const [days, setDays] = useState<number>(30);
  // The readers never fail (a failed report reads as empty), so `data` is undefined only while loading.
  const monthly = useQuery({ queryKey: statsKeys.monthly, queryFn: fetchMonthlyRevenue });
  const rolling = useQuery({ queryKey: statsKeys.rolling(days), queryFn: () => fetchRollingRevenue(days) });
  const production = useQuery({ queryKey: statsKeys.production, queryFn: fetchProductionRevenue });
  const productsDue = useQuery({ queryKey: statsKeys.productsDue, queryFn: fetchProductsDue });
  const projectsDue = useQuery({ queryKey: statsKeys.projectsDue, queryFn: fetchProjectsDue });

  return (
    <section className="reporting">
      <h1>Reports</h1>
      <CatchingUp readModels={['revenue', 'projects', 'project_flow']} />
      <MonthlyRevenueReport months={monthly.data ?? null} />
      <RollingRevenueReport rolling={rolling.data} days={days} onDays={setDays} />
      <ProductionRevenueReport states={production.data ?? null} />
      <ProductsDueReport products={productsDue.data ?? null} />
      <ProjectsDueReport projects={projectsDue.data ?? null} />
      <FunnelReport />
      <LeadTimesReport />
    </section>
  );
}
