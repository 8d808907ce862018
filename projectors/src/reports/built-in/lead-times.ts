import type { ProductionState, ProjectState } from '@shop/domain';
import { defineReport, type ReportEvent, type ReportRow } from '../report.js';
import { ProjectGroups } from '../project-groups.js';
import { daysBetween, inPeriod } from '../shop-calendar.js';

/** A project's clocks: the state it is in and since when, likewise its production state, and its milestones. */
interface Clocks {
  state: ProjectState;
  stateSince: string;
  production: { state: ProductionState; since: string } | null;
  started: string;
  firstPaid: string | null;
}

/** A finished stretch of time: what was measured, for which project, when it ended, how many days. */
interface Interval {
  measure: string;
  streamId: string;
  end: string;
  days: number;
}

/** The project state an event moves a project to, if it moves it. */
function nextState(event: ReportEvent, current: ProjectState): ProjectState | null {
  switch (event.type) {
    case 'SubmittedForReview':
      return 'R';
    case 'ReturnedToDraft':
    case 'ProjectDeleted':
      return 'D';
    case 'ProjectApproved':
      return 'A';
    case 'PaymentRecorded':
      return current === 'A' ? 'P' : null;
    case 'ProjectPaused':
      return 'PS';
    case 'ProjectUnpaused':
      return event.data.to;
    case 'ProductionStarted':
      return 'I';
    case 'ProjectCompleted':
      return 'C';
    case 'ProjectShipped':
      return 'S';
    case 'ProjectArchived':
      return 'X';
    default:
      return null;
  }
}

/**
 * Nearest-rank percentile of sorted values: the smallest value with at least `p` of the values at
 * or below it (PostgreSQL's percentile_disc).
 */
export function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.max(0, Math.ceil(p * sorted.length) - 1)]!;
}

/**
 * How long projects spend in each project state (D, R, A, P, PS, I, C; S and X are final) and each
 * production state (from production start until the next change or completion), and from start to
 * first payment and from first payment to shipping: count, p50, p90 and max in days, for the
 * stretches that ended in the period (a stretch still running is not counted).
 */
export const leadTimes = defineReport({
  description: 'days spent in each project and production state, draft-to-paid and paid-to-shipped: count, p50, p90, max',
  initial: () => ({ clocks: new Map<string, Clocks>(), intervals: [] as Interval[], groups: new ProjectGroups() }),
  evolve: (state, event) => {
    state.groups.observe(event);
    const at = event.data.at;
    if (event.type === 'ProjectCreated' || event.type === 'ProjectCopied') {
      state.clocks.set(event.streamId, { state: 'D', stateSince: at, production: null, started: at, firstPaid: null });
      return state;
    }
    const clocks = state.clocks.get(event.streamId);
    if (!clocks) return state;
    const close = (measure: string, since: string) => state.intervals.push({ measure, streamId: event.streamId, end: at, days: daysBetween(since, at) });
    const next = nextState(event, clocks.state);
    if (next !== null && next !== clocks.state) {
      close(`state ${clocks.state}`, clocks.stateSince);
      clocks.state = next;
      clocks.stateSince = at;
    }
    if (event.type === 'ProductionStarted') clocks.production = { state: 'N', since: at };
    if (clocks.production && (event.type === 'ProductionStateChanged' || event.type === 'ProjectCompleted' || event.type === 'ProjectArchived')) {
      close(`production ${clocks.production.state}`, clocks.production.since);
      clocks.production = event.type === 'ProductionStateChanged' ? { state: event.data.to, since: at } : null;
    }
    if (event.type === 'PaymentRecorded' && clocks.firstPaid === null) {
      clocks.firstPaid = at;
      close('draft-to-paid', clocks.started);
    }
    if (event.type === 'ProjectShipped' && clocks.firstPaid !== null) close('paid-to-shipped', clocks.firstPaid);
    return state;
  },
  rows: (state, options): ReportRow[] => {
    const days = new Map<string, { group: string; measure: string; values: number[] }>();
    for (const interval of state.intervals) {
      if (!inPeriod(interval.end, options)) continue;
      const group = state.groups.groupOf(interval.streamId, interval.end, options.by);
      const key = `${group}\u0000${MEASURE_ORDER(interval.measure)}`;
      const entry = days.get(key) ?? { group, measure: interval.measure, values: [] };
      entry.values.push(interval.days);
      days.set(key, entry);
    }
    return [...days]
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([, { group, measure, values }]) => {
        values.sort((a, b) => a - b);
        return { group, measure, count: values.length, p50_days: percentile(values, 0.5), p90_days: percentile(values, 0.9), max_days: values[values.length - 1]! };
      });
  },
});

/** Rows in the order a project lives them: states, then production states, then the milestones. */
const ORDER = ['state D', 'state R', 'state A', 'state P', 'state PS', 'state I', 'state C', 'production N', 'production CIP', 'production CC', 'production S', 'production I', 'production R', 'draft-to-paid', 'paid-to-shipped'];
const MEASURE_ORDER = (measure: string): string => String(ORDER.indexOf(measure)).padStart(2, '0');
