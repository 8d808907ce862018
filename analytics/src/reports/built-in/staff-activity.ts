import { ERASED } from '@shop/domain';
import { defineReport, type ReportEvent, type ReportOptions, type ReportRow } from '../report.js';
import { ProjectGroups } from '../project-groups.js';
import { inPeriod } from '../shop-calendar.js';

/** Who is staff, and everyone's name, as the account streams say (names as opened now: an erased person reads as erased). */
class People {
  private readonly userOfStream = new Map<string, string>();
  readonly staff = new Set<string>();
  readonly names = new Map<string, string>();

  observe(event: ReportEvent): void {
    switch (event.type) {
      case 'Registered':
      case 'GuestCreated':
        this.userOfStream.set(event.streamId, event.data.userId);
        if (event.type === 'Registered') this.names.set(event.data.userId, event.data.name);
        return;
      case 'GuestProfileCompleted':
      case 'ProfileUpdated':
        return this.name(event.streamId, event.data.name);
      case 'PersonalDataErased':
        this.names.set(event.data.userId, ERASED);
        return;
      case 'StaffFlagSet': {
        const user = this.userOfStream.get(event.streamId);
        if (user && event.data.isStaff) this.staff.add(user);
        else if (user) this.staff.delete(user);
        return;
      }
      default:
    }
  }

  private name(streamId: string, name: string | undefined): void {
    const user = this.userOfStream.get(streamId);
    if (user && name !== undefined) this.names.set(user, name);
  }
}

/**
 * What each staff member did: the events they caused (not the shop's own, `system`) by kind
 * (event type), per group, counted while they were staff and recorded in the period. Names are
 * read when the report runs, from the account events as they open now.
 */
export const staffActivity = defineReport({
  description: 'events caused by each staff member, by kind, per --by group (names as they read now)',
  initial: (options: ReportOptions) => ({ options, people: new People(), counts: new Map<string, Count>(), groups: new ProjectGroups() }),
  evolve: (state, event) => {
    state.groups.observe(event);
    state.people.observe(event);
    const at = event.data.at;
    if (!state.people.staff.has(event.actor) || !inPeriod(at, state.options)) return state;
    // A project's product type and category are known at the end: counted per project until then.
    const perProject = state.options.by === 'product-type' || state.options.by === 'category';
    const where = perProject ? event.streamId : state.groups.groupOf(event.streamId, at, state.options.by);
    const key = `${where}\u0000${event.actor}\u0000${event.type}`;
    const entry = state.counts.get(key);
    if (entry) entry.events += 1;
    else state.counts.set(key, { where, staff: event.actor, kind: event.type, events: 1 });
    return state;
  },
  rows: (state): ReportRow[] => {
    const perProject = state.options.by === 'product-type' || state.options.by === 'category';
    const totals = new Map<string, { group: string; staff: string; kind: string; events: number }>();
    for (const entry of state.counts.values()) {
      const group = perProject ? state.groups.groupOf(entry.where, '', state.options.by) : entry.where;
      const key = `${group}\u0000${entry.staff}\u0000${entry.kind}`;
      const total = totals.get(key) ?? { group, staff: entry.staff, kind: entry.kind, events: 0 };
      total.events += entry.events;
      totals.set(key, total);
    }
    return [...totals]
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([, total]) => ({ group: total.group, staff_id: total.staff, staff_name: state.people.names.get(total.staff) ?? null, kind: total.kind, events: total.events }));
  },
});

interface Count {
  /** The group, or the project's stream while its group is not known yet. */
  where: string;
  staff: string;
  kind: string;
  events: number;
}
