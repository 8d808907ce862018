import { projectEventTypes, type ProjectEvent } from '@shop/domain';
import { flowStep, stretchMeasures, type ProjectFlow, type Stretch } from '@shop/projectors';
import { defineReport, type ReportRow } from '../report.js';
import { ProjectGroups } from '../project-groups.js';
import { inPeriod } from '../shop-calendar.js';

const PROJECT_EVENTS = new Set<string>(projectEventTypes);

/**
 * Nearest-rank percentile of sorted values: the smallest value with at least `p` of the values at
 * or below it (PostgreSQL's percentile_disc).
 */
export function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.max(0, Math.ceil(p * sorted.length) - 1)]!;
}

/**
 * How long projects spend in each project state (S and X are final) and each production state
 * (from production start until the next change, completion or archiving), and from start to first
 * payment and from first payment to shipping: count, p50, p90 and max in days, for the stretches
 * that ended in the period (a stretch still running is not counted). The stretches are those of
 * the project_flow read model (the same step function), which the staff's Lead times screen reads.
 */
export const leadTimes = defineReport({
  description: 'days spent in each project and production state, draft-to-paid and paid-to-shipped: count, p50, p90, max',
  initial: () => ({ flows: new Map<string, ProjectFlow>(), stretches: [] as Array<Stretch & { streamId: string }>, groups: new ProjectGroups() }),
  evolve: (state, event) => {
    if (!PROJECT_EVENTS.has(event.type)) return state;
    state.groups.observe(event);
    const { flow, stretches } = flowStep(state.flows.get(event.streamId), event as ProjectEvent);
    if (flow) state.flows.set(event.streamId, flow);
    for (const stretch of stretches) state.stretches.push({ ...stretch, streamId: event.streamId });
    return state;
  },
  rows: (state, options): ReportRow[] => {
    const days = new Map<string, { group: string; measure: string; values: number[] }>();
    for (const stretch of state.stretches) {
      if (!inPeriod(stretch.ended, options)) continue;
      const group = state.groups.groupOf(stretch.streamId, stretch.ended, options.by);
      const order = String(stretchMeasures.indexOf(stretch.measure as (typeof stretchMeasures)[number])).padStart(2, '0');
      const key = `${group}\u0000${order}`;
      const entry = days.get(key) ?? { group, measure: stretch.measure, values: [] };
      entry.values.push(stretch.days);
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
