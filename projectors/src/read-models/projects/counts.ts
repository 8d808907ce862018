import { projectView, type ProjectState, type ProjectStreamState } from '@shop/domain';
import type { Pool, PoolClient } from '@shop/infra';
import { quoted } from '../../rebuild/shadow-schema.js';
import type { StateSummary } from '../state-per-stream.js';
import type { FoldedProject } from './stored-state.js';

/** The counts made from a schema's own `project_details` (a rebuild's, after its load). */
export const countsFromDetailsSql = (schema: string): string =>
  `INSERT INTO ${quoted(schema)}.project_counts (state, deleted, projects)
     SELECT state, deleted, count(*) FROM ${quoted(schema)}.project_details GROUP BY state, deleted`;

/**
 * `project_counts`: projects per (state, deleted), kept in the same transaction as the
 * `project_details` rows they count (decision 0240): live by the difference of each batch's
 * streams, written in the details' statement (decision 0294); after a rebuild, by SQL over the
 * details it loaded.
 */
export const projectCounts: StateSummary<FoldedProject> = {
  changes: (moves) => {
    const changes = new Map<string, number>();
    for (const [before, after] of moves) {
      const from = before ? keyOf(before.state) : null;
      const to = keyOf(after.state);
      if (from === to) continue;
      if (from !== null) changes.set(from, (changes.get(from) ?? 0) - 1);
      if (to !== null) changes.set(to, (changes.get(to) ?? 0) + 1);
    }
    // Sorted, so two writers touching the same rows lock them in the same order.
    const changed = [...changes].filter(([, by]) => by !== 0).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    if (changed.length === 0) return null;
    return {
      write: {
        table: 'project_counts',
        columns: ['state', 'deleted', 'projects'],
        types: ['text', 'boolean', 'bigint'],
        rows: changed.map(([key, by]) => [key.slice(2), key[0] === 'D', by]),
        onConflict: 'ON CONFLICT (state, deleted) DO UPDATE SET projects = project_counts.projects + EXCLUDED.projects',
      },
      // A count that fell to zero goes, so the table is the same whether kept or made by a
      // rebuild (a statement of its own: it must see the upsert's rows).
      then: async (client) => {
        if (changed.some(([, by]) => by < 0)) await client.query('DELETE FROM project_counts WHERE projects = 0');
      },
    };
  },
  derived: { project_counts: countsFromDetailsSql },
};

/** `D:<state>` or `L:<state>` (deleted or live); null while the stream holds no project. */
function keyOf(state: ProjectStreamState): string | null {
  const view = projectView(state);
  return view ? `${view.deleted ? 'D' : 'L'}:${view.state}` : null;
}

/** Live (not deleted) projects in these states, or in all when none is given. */
export async function countLiveProjects(db: Pool | PoolClient, states: readonly ProjectState[]): Promise<number> {
  const result = await db.query<{ total: string | null }>(
    'SELECT sum(projects) AS total FROM project_counts WHERE NOT deleted AND (cardinality($1::text[]) = 0 OR state = ANY($1))',
    [states],
  );
  return Number(result.rows[0]?.total ?? 0);
}
