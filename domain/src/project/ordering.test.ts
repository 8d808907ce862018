import { describe, expect, it } from 'vitest';
import type { ProjectState } from './model.js';
import { compareCustomerList, compareInternalList, customerListOrdering, internalListOrdering, listSortColumns, type OrderableProject } from './ordering.js';

/** Sorts the way the database does with the columns: rank, date asc nulls last, updated desc nulls last, id. */
function byColumns(ordering: typeof internalListOrdering) {
  const cmpNullsLast = (a: string | null, b: string | null, dir: 1 | -1) => (a === b ? 0 : a === null ? 1 : b === null ? -1 : a < b ? -dir : dir);
  return (a: OrderableProject, b: OrderableProject) => {
    const x = listSortColumns(ordering, a);
    const y = listSortColumns(ordering, b);
    return x.rank - y.rank || cmpNullsLast(x.date, y.date, 1) || cmpNullsLast(x.updated, y.updated, -1) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
  };
}

describe('list sort columns', () => {
  const states: ProjectState[] = ['D', 'R', 'A', 'P', 'I', 'PS', 'C', 'S', 'X'];
  const day = (n: number | null) => (n === null ? null : `2026-01-${String(n).padStart(2, '0')}`);
  // A deterministic spread of projects: every state, dates present and missing, ties.
  const projects: OrderableProject[] = Array.from({ length: 180 }, (_, i) => ({
    id: `p${(i * 37) % 180}`,
    state: states[i % states.length]!,
    updated: day((i % 7) + 1)!,
    submitted: day(i % 5 === 0 ? null : (i % 4) + 1),
    approved: day(i % 6 === 0 ? null : (i % 3) + 1),
    paid: day(i % 4 === 0 ? null : (i % 5) + 1),
    due: day(i % 3 === 0 ? null : (i % 6) + 1),
  }));

  it.each([
    ['internal', internalListOrdering, compareInternalList],
    ['customer', customerListOrdering, compareCustomerList],
  ] as const)('sort the %s list exactly as its comparator does', (_name, ordering, comparator) => {
    expect([...projects].sort(byColumns(ordering)).map((p) => p.id)).toEqual([...projects].sort(comparator).map((p) => p.id));
  });
});
