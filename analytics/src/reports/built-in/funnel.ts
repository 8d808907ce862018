import { funnelStepRows, type FunnelCounts } from '@shop/projectors';
import { defineReport, type ReportEvent, type ReportRow } from '../report.js';
import { ProjectGroups } from '../project-groups.js';
import { inPeriod } from '../shop-calendar.js';

type Step = keyof FunnelCounts;

/** The event that first takes a project to a step; archiving or deleting it cancels it. */
const stepOf: Partial<Record<ReportEvent['type'], Step>> = {
  ProjectCreated: 'started',
  ProjectCopied: 'started',
  SubmittedForReview: 'submitted',
  ItemsPriced: 'priced',
  ProjectApproved: 'approved',
  PaymentRecorded: 'paid',
  ProjectShipped: 'shipped',
  ProjectArchived: 'cancelled',
  ProjectDeleted: 'cancelled',
};

/**
 * The projects started in the period (created or copied; grouped by when they started, or by
 * their product type or category), and how many of them ever reached each later step, with the
 * conversion from the step before and from the start, and how many dropped off on the way (the
 * same rows as the staff's Funnel screen, project-flow/flow.ts).
 */
export const funnel = defineReport({
  description: 'projects started, submitted, priced, approved, paid, shipped and cancelled, with conversion and drop-off',
  initial: () => ({ projects: new Map<string, { started: string; reached: Set<Step> }>(), groups: new ProjectGroups() }),
  evolve: (state, event) => {
    state.groups.observe(event);
    const step = stepOf[event.type];
    if (step === 'started') state.projects.set(event.streamId, { started: event.data.at, reached: new Set(['started']) });
    else if (step) state.projects.get(event.streamId)?.reached.add(step);
    return state;
  },
  rows: (state, options): ReportRow[] => {
    const counts = new Map<string, FunnelCounts>();
    for (const [streamId, project] of state.projects) {
      if (!inPeriod(project.started, options)) continue;
      const group = state.groups.groupOf(streamId, project.started, options.by);
      const count = counts.get(group) ?? { started: 0, submitted: 0, priced: 0, approved: 0, paid: 0, shipped: 0, cancelled: 0 };
      for (const step of project.reached) count[step] += 1;
      counts.set(group, count);
    }
    return [...counts].sort(([a], [b]) => a.localeCompare(b)).flatMap(([group, count]) => funnelStepRows(count).map((row) => ({ group, ...row })));
  },
});
