import { useEffect, useId, useState, type ReactNode } from 'react';
import { Bar, BarChart, CartesianGrid, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatCents } from '../../../lib/format';
import {
  fetchMonthlyRevenue,
  fetchProductionRevenue,
  fetchProductsDue,
  fetchProjectsDue,
  fetchRollingRevenue,
  type StatPoint,
} from '../api/stats';

export const ROLLING_DAY_CHOICES = [7, 30, 90, 365] as const;

const dollars = (cents: number) => formatCents(cents).replace(/\.00$/, '');

function useStat(load: () => Promise<StatPoint[]>, deps: readonly unknown[]): StatPoint[] | null {
  const [points, setPoints] = useState<StatPoint[] | null>(null);
  useEffect(() => {
    let current = true;
    setPoints(null);
    void load().then((p) => current && setPoints(p));
    return () => {
      current = false;
    };
  }, deps);
  return points;
}

function Chart({ title, points, money, kind = 'bar', children }: { title: string; points: StatPoint[] | null; money: boolean; kind?: 'bar' | 'line'; children?: ReactNode }) {
  const headingId = useId();
  const format = money ? dollars : (n: number) => String(n);
  const data = points ?? [];
  return (
    <section className="chart" aria-labelledby={headingId}>
      <div className="chart-heading">
        <h2 id={headingId}>{title}</h2>
        {children}
      </div>
      {points === null && <p role="status">Loading…</p>}
      {points !== null && points.length === 0 && <p>No data.</p>}
      <ResponsiveContainer width="100%" height={260}>
        {kind === 'line' ? (
          <LineChart data={data}>
            <CartesianGrid strokeDasharray="3 3" />
            <XAxis dataKey="label" />
            <YAxis tickFormatter={format} width={80} />
            <Tooltip formatter={(v) => format(Number(v))} />
            <Line type="monotone" dataKey="value" name={title} stroke="#6b4f3a" dot={false} />
          </LineChart>
        ) : (
          <BarChart data={data}>
            <CartesianGrid strokeDasharray="3 3" />
            <XAxis dataKey="label" />
            <YAxis tickFormatter={format} width={80} />
            <Tooltip formatter={(v) => format(Number(v))} />
            <Bar dataKey="value" name={title} fill="#6b4f3a" />
          </BarChart>
        )}
      </ResponsiveContainer>
    </section>
  );
}

/** /internal/reporting/: revenue and due-work charts (SPEC §7 Statistics). A failed report shows an empty chart. */
export function ReportingPage() {
  const [days, setDays] = useState<number>(30);
  const monthly = useStat(fetchMonthlyRevenue, []);
  const rolling = useStat(() => fetchRollingRevenue(days), [days]);
  const production = useStat(fetchProductionRevenue, []);
  const productsDue = useStat(fetchProductsDue, []);
  const projectsDue = useStat(fetchProjectsDue, []);

  return (
    <section className="reporting">
      <h1>Reports</h1>
      <Chart title="Monthly revenue" points={monthly} money />
      <Chart title="Rolling revenue" points={rolling} money kind="line">
        <div className="field inline">
          <label htmlFor="rolling-days">Days</label>
          <select id="rolling-days" value={days} onChange={(e) => setDays(Number(e.target.value))}>
            {ROLLING_DAY_CHOICES.map((d) => (
              <option key={d} value={d}>
                Last {d} days
              </option>
            ))}
          </select>
        </div>
      </Chart>
      <Chart title="Production revenue (Paid and In Progress)" points={production} money />
      <Chart title="Products due" points={productsDue} money={false} />
      <Chart title="Projects due" points={projectsDue} money={false} />
    </section>
  );
}
