import { useQuery } from '@tanstack/react-query';
import { useId, useState, type ReactNode } from 'react';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { productTypeCodes, productTypeDisplayNames } from '@shop/domain';
import { productionStateLabel, projectStateLabel } from '../../../lib/project-labels';
import { fetchFunnel, fetchLeadTimes, type FlowFilter, type FunnelStep, type LeadTime } from '../api/stats';

/*
 * Funnel and Lead times (docs/decisions/0182): read from the project_flow read model, which a
 * projection keeps live, the same figures as `npm run report -- funnel` and `lead-times`.
 */

const BAR_COLOUR = '#6b4f3a';
const LIGHT_COLOUR = '#c9a27e';
const CHART_HEIGHT = 260;

const stepLabels: Record<string, string> = {
  started: 'Started',
  submitted: 'Submitted',
  priced: 'Priced',
  approved: 'Approved',
  paid: 'Paid',
  shipped: 'Shipped',
  cancelled: 'Cancelled',
};
const stepLabel = (step: string) => stepLabels[step] ?? step;

/** 'state R' → 'Review', 'production CIP' → 'Production: …', 'draft-to-paid' → 'Draft to paid'. */
export function measureLabel(measure: string): string {
  const [kind, code] = measure.split(' ');
  if (kind === 'state' && code) return projectStateLabel(code);
  if (kind === 'production' && code) return `Production: ${productionStateLabel(code)}`;
  const text = measure.replace(/-/g, ' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

const percentText = (value: number | null) => (value === null ? '–' : `${value.toLocaleString('en-US', { maximumFractionDigits: 1 })}%`);
const daysText = (value: number) => value.toLocaleString('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

/** RFC 4180 CSV of rows, header first. */
export function csvOf(columns: readonly string[], rows: ReadonlyArray<Record<string, unknown>>): string {
  const cell = (value: unknown) => {
    const text = value === null || value === undefined ? '' : String(value);
    return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
  };
  return [columns.join(','), ...rows.map((row) => columns.map((column) => cell(row[column])).join(','))].join('\r\n') + '\r\n';
}

function CsvLink({ name, columns, rows }: { name: string; columns: readonly string[]; rows: ReadonlyArray<Record<string, unknown>> }) {
  return (
    <a className="button secondary" download={`${name}.csv`} href={`data:text/csv;charset=utf-8,${encodeURIComponent(csvOf(columns, rows))}`}>
      Download CSV
    </a>
  );
}

/** Period (from, to) and product type; empty fields mean no limit. */
function FlowFilters({ filter, onChange }: { filter: FlowFilter; onChange: (filter: FlowFilter) => void }) {
  const id = useId();
  return (
    <div className="flow-filters">
      <div className="field inline">
        <label htmlFor={`${id}-from`}>From</label>
        <input id={`${id}-from`} type="date" value={filter.from} max={filter.to || undefined} onChange={(e) => onChange({ ...filter, from: e.target.value })} />
      </div>
      <div className="field inline">
        <label htmlFor={`${id}-to`}>To</label>
        <input id={`${id}-to`} type="date" value={filter.to} min={filter.from || undefined} onChange={(e) => onChange({ ...filter, to: e.target.value })} />
      </div>
      <div className="field inline">
        <label htmlFor={`${id}-type`}>Product type</label>
        <select id={`${id}-type`} value={filter.productType} onChange={(e) => onChange({ ...filter, productType: e.target.value })}>
          <option value="">All product types</option>
          {productTypeCodes.map((code) => (
            <option key={code} value={code}>
              {(productTypeDisplayNames as Record<string, string>)[code] ?? code}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}

function Section({ title, loading, empty, controls, children }: { title: string; loading: boolean; empty: boolean; controls: ReactNode; children: ReactNode }) {
  const headingId = useId();
  return (
    <section className="chart" aria-labelledby={headingId}>
      <div className="chart-heading">
        <h2 id={headingId}>{title}</h2>
      </div>
      {controls}
      {loading && <p role="status">Loading…</p>}
      {!loading && empty && <p>No data.</p>}
      {!loading && !empty && children}
    </section>
  );
}

const noLimits: FlowFilter = { from: '', to: '', productType: '' };
const FUNNEL_COLUMNS = ['step', 'projects', 'of_previous_pct', 'of_started_pct', 'dropped'] as const;
const LEAD_TIME_COLUMNS = ['measure', 'count', 'p50_days', 'p90_days', 'max_days'] as const;

export function FunnelReport() {
  const [filter, setFilter] = useState<FlowFilter>(noLimits);
  const funnel = useQuery({ queryKey: ['stats', 'funnel', filter], queryFn: () => fetchFunnel(filter) });
  const steps: FunnelStep[] = funnel.data ?? [];
  const started = steps.find((step) => step.step === 'started')?.projects ?? 0;
  const data = steps.map((step) => ({ ...step, label: stepLabel(step.step) }));
  return (
    <Section title="Funnel" loading={funnel.data === undefined} empty={started === 0} controls={<FlowFilters filter={filter} onChange={setFilter} />}>
      <p>
        Projects started in the period, and how many of them went on to each step. <CsvLink name="funnel" columns={FUNNEL_COLUMNS} rows={steps as unknown as Array<Record<string, unknown>>} />
      </p>
      <ResponsiveContainer width="100%" height={CHART_HEIGHT}>
        <BarChart data={data}>
          <CartesianGrid strokeDasharray="3 3" />
          <XAxis dataKey="label" />
          <YAxis allowDecimals={false} width={60} />
          <Tooltip />
          <Bar dataKey="projects" name="Projects" fill={BAR_COLOUR} isAnimationActive={false} />
        </BarChart>
      </ResponsiveContainer>
      <div className="table-wrap">
        <table>
          <caption className="visually-hidden">Funnel steps</caption>
          <thead>
            <tr>
              <th scope="col">Step</th>
              <th scope="col">Projects</th>
              <th scope="col">Of the step before</th>
              <th scope="col">Of those started</th>
              <th scope="col">Dropped off</th>
            </tr>
          </thead>
          <tbody>
            {data.map((step) => (
              <tr key={step.step}>
                <th scope="row">{step.label}</th>
                <td>{step.projects.toLocaleString('en-US')}</td>
                <td>{percentText(step.step === 'started' ? null : step.of_previous_pct)}</td>
                <td>{percentText(step.of_started_pct)}</td>
                <td>{step.dropped === null || step.step === 'started' ? '–' : step.dropped.toLocaleString('en-US')}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Section>
  );
}

export function LeadTimesReport() {
  const [filter, setFilter] = useState<FlowFilter>(noLimits);
  const leadTimes = useQuery({ queryKey: ['stats', 'lead-times', filter], queryFn: () => fetchLeadTimes(filter) });
  const measures: LeadTime[] = leadTimes.data ?? [];
  const data = measures.map((measure) => ({ ...measure, label: measureLabel(measure.measure) }));
  return (
    <Section title="Lead times" loading={leadTimes.data === undefined} empty={measures.length === 0} controls={<FlowFilters filter={filter} onChange={setFilter} />}>
      <p>
        Days spent in each step, for the stretches that ended in the period (median and 90th percentile). <CsvLink name="lead-times" columns={LEAD_TIME_COLUMNS} rows={measures as unknown as Array<Record<string, unknown>>} />
      </p>
      {/* Bars across, one row per stretch: the stretch names are long, and read best level. */}
      <ResponsiveContainer width="100%" height={Math.max(CHART_HEIGHT, 60 + data.length * 40)}>
        <BarChart data={data} layout="vertical" margin={{ left: 16 }}>
          <CartesianGrid strokeDasharray="3 3" />
          <XAxis type="number" />
          <YAxis type="category" dataKey="label" width={200} interval={0} />
          <Tooltip formatter={(v) => `${daysText(Number(v))} days`} />
          <Legend verticalAlign="top" formatter={(value) => <span className="legend-label">{String(value)}</span>} />
          <Bar dataKey="p50_days" name="Median (days)" fill={BAR_COLOUR} isAnimationActive={false} />
          <Bar dataKey="p90_days" name="90th percentile (days)" fill={LIGHT_COLOUR} isAnimationActive={false} />
        </BarChart>
      </ResponsiveContainer>
      <div className="table-wrap">
        <table>
          <caption className="visually-hidden">Lead times in days</caption>
          <thead>
            <tr>
              <th scope="col">Stretch</th>
              <th scope="col">Count</th>
              <th scope="col">Median (days)</th>
              <th scope="col">90th percentile (days)</th>
              <th scope="col">Longest (days)</th>
            </tr>
          </thead>
          <tbody>
            {data.map((measure) => (
              <tr key={measure.measure}>
                <th scope="row">{measure.label}</th>
                <td>{measure.count.toLocaleString('en-US')}</td>
                <td>{daysText(measure.p50_days)}</td>
                <td>{daysText(measure.p90_days)}</td>
                <td>{daysText(measure.max_days)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Section>
  );
}
