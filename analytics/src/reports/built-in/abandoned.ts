import { costDetails, evolveProject, initialProjectState, projectEventTypes, type ProjectEvent, type ProjectStreamState } from '@shop/domain';
import { defineReport, type ReportRow } from '../report.js';
import { ProjectGroups } from '../project-groups.js';
import { daysBetween, inPeriod } from '../shop-calendar.js';

const PROJECT_EVENTS = new Set<string>(projectEventTypes);
const DAY_MS = 86_400_000;

/**
 * Drafts nobody has touched (no event on the project at all) for --idle-days days before the
 * report's "now" (its --as-of time, else when it runs), started in the period, with what their
 * quote came to as the draft stands (the domain's cost details: items, tax, shipping), largest first.
 */
export const abandoned = defineReport({
  description: 'drafts untouched for --idle-days days (default 30), with their quote value',
  initial: () => ({ projects: new Map<string, { state: ProjectStreamState; touched: string }>(), groups: new ProjectGroups() }),
  evolve: (state, event) => {
    if (!PROJECT_EVENTS.has(event.type)) return state;
    state.groups.observe(event);
    const entry = state.projects.get(event.streamId) ?? { state: initialProjectState(), touched: event.data.at };
    entry.state = evolveProject(entry.state, event as ProjectEvent);
    entry.touched = event.data.at;
    state.projects.set(event.streamId, entry);
    return state;
  },
  rows: (state, options): ReportRow[] => {
    const idleSince = options.now.getTime() - options.idleDays * DAY_MS;
    const rows: ReportRow[] = [];
    for (const [streamId, { state: stream, touched }] of state.projects) {
      if (stream.status !== 'existing' || stream.project.state !== 'D' || Date.parse(touched) > idleSince) continue;
      const { project } = stream;
      if (!inPeriod(project.created, options)) continue;
      rows.push({
        group: state.groups.groupOf(streamId, project.created, options.by),
        project_id: project.id,
        name: project.name,
        owner_id: project.user,
        started: project.created,
        last_touched: touched,
        idle_days: Math.floor(daysBetween(touched, options.now.toISOString())),
        quote_cents: costDetails(project, { paidInFull: false }).total,
      });
    }
    return rows.sort((a, b) => (b.quote_cents as number) - (a.quote_cents as number) || String(a.project_id).localeCompare(String(b.project_id)));
  },
});
