import type { ProjectState } from './model.js';

/** The fields the SPEC §4 list orderings look at. */
export interface OrderableProject {
  id: string;
  state: ProjectState;
  updated: string;
  submitted: string | null;
  approved: string | null;
  paid: string | null;
  due: string | null;
}

type DateKey = 'submitted' | 'approved' | 'paid' | 'due';

interface ListOrdering {
  /** States in the order the list shows them. */
  states: readonly ProjectState[];
  /** Within these states, oldest (or soonest due) first by this date. */
  keys: Partial<Record<ProjectState, DateKey>>;
}

/** SPEC §4 internal: D, R (by submitted), A (by approved), P (by paid), PS (by due), I (by due), C, S, X. */
export const internalListOrdering: ListOrdering = {
  states: ['D', 'R', 'A', 'P', 'PS', 'I', 'C', 'S', 'X'],
  keys: { R: 'submitted', A: 'approved', P: 'paid', PS: 'due', I: 'due' },
};

/** SPEC §4 customer: A, PS, D, R, P (by paid), I (by due), C, S, X. */
export const customerListOrdering: ListOrdering = {
  states: ['A', 'PS', 'D', 'R', 'P', 'I', 'C', 'S', 'X'],
  keys: { P: 'paid', I: 'due' },
};

/**
 * A comparator for one ordering (docs/decisions/0013-list-orderings.md): by state group; inside a
 * keyed group oldest first (a work queue), missing dates last; inside other groups the most
 * recently updated first; the id breaks any tie so the order is total and stable across pages.
 */
export function listComparator(ordering: ListOrdering) {
  const rank = (state: ProjectState) => ordering.states.indexOf(state);
  return (a: OrderableProject, b: OrderableProject): number => {
    const byState = rank(a.state) - rank(b.state);
    if (byState !== 0) return byState;
    const key = ordering.keys[a.state];
    const byDate = key ? ascendingNullsLast(a[key], b[key]) : descending(a.updated, b.updated);
    return byDate !== 0 ? byDate : ascendingNullsLast(a.id, b.id);
  };
}

function ascendingNullsLast(a: string | null, b: string | null): number {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  return a < b ? -1 : 1;
}

const descending = (a: string, b: string): number => (a === b ? 0 : a < b ? 1 : -1);

export const compareInternalList = listComparator(internalListOrdering);
export const compareCustomerList = listComparator(customerListOrdering);

export const sortInternalList = <T extends OrderableProject>(projects: readonly T[]): T[] => [...projects].sort(compareInternalList);
export const sortCustomerList = <T extends OrderableProject>(projects: readonly T[]): T[] => [...projects].sort(compareCustomerList);

/**
 * The same ordering as sortable columns, so a database can sort and page a long list:
 * ORDER BY rank, date ASC NULLS LAST, updated DESC NULLS LAST, id. `date` is the group's
 * key date (null outside keyed groups) and `updated` is null inside keyed groups, which makes
 * the column order agree with `listComparator` exactly.
 */
export interface ListSortColumns {
  rank: number;
  date: string | null;
  updated: string | null;
}

export function listSortColumns(ordering: ListOrdering, project: OrderableProject): ListSortColumns {
  const key = ordering.keys[project.state];
  return {
    rank: ordering.states.indexOf(project.state),
    date: key ? project[key] : null,
    updated: key ? null : project.updated,
  };
}
