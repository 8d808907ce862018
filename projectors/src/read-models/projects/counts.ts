import { projectView, type ProjectState, type ProjectStreamState } from '@shop/domain';
import type { Pool, PoolClient } from '@shop/infra';
import { quoted } from '../../rebuild/shadow-schema.js';

/**
 * `project_counts`: projects per (state, deleted), kept in the same transaction as the
 * `project_details` rows they count (decision 0240). Writers hand the state before and after each
 * stream's change; only the difference is written, one statement per batch.
 */
export class ProjectCountChanges {
  private readonly changes = new Map<string, number>();

  /** A stream went from `before` to `after` (either may hold no project yet). */
  move(before: ProjectStreamState, after: ProjectStreamState): void {
    const from = keyOf(before);
    const to = keyOf(after);
    if (from === to) return;
    if (from !== null) this.changes.set(from, (this.changes.get(from) ?? 0) - 1);
    if (to !== null) this.changes.set(to, (this.changes.get(to) ?? 0) + 1);
  }

  async write(client: PoolClient): Promise<void> {
    // Sorted, so two writers touching the same rows lock them in the same order.
    const changed = [...this.changes].filter(([, by]) => by !== 0).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    if (changed.length === 0) return;
    await client.query(
      `INSERT INTO project_counts AS c (state, deleted, projects)
         SELECT * FROM unnest($1::text[], $2::boolean[], $3::bigint[])
       ON CONFLICT (state, deleted) DO UPDATE SET projects = c.projects + EXCLUDED.projects`,
      [changed.map(([key]) => key.slice(2)), changed.map(([key]) => key[0] === 'D'), changed.map(([, by]) => by)],
    );
    // A count that fell to zero goes, so the table is the same whether kept or made by a rebuild.
    if (changed.some(([, by]) => by < 0)) await client.query('DELETE FROM project_counts WHERE projects = 0');
  }
}

/** `D:<state>` or `L:<state>` (deleted or live); null while the stream holds no project. */
function keyOf(state: ProjectStreamState): string | null {
  const view = projectView(state);
  return view ? `${view.deleted ? 'D' : 'L'}:${view.state}` : null;
}

/** The counts made from a schema's own `project_details` (a rebuild's, after its load). */
export const countsFromDetailsSql = (schema: string): string =>
  `INSERT INTO ${quoted(schema)}.project_counts (state, deleted, projects)
     SELECT state, deleted, count(*) FROM ${quoted(schema)}.project_details GROUP BY state, deleted`;

/** Live (not deleted) projects in these states, or in all when none is given. */
export async function countLiveProjects(db: Pool | PoolClient, states: readonly ProjectState[]): Promise<number> {
  const result = await db.query<{ total: string | null }>(
    'SELECT sum(projects) AS total FROM project_counts WHERE NOT deleted AND (cardinality($1::text[]) = 0 OR state = ANY($1))',
    [states],
  );
  return Number(result.rows[0]?.total ?? 0);
}
