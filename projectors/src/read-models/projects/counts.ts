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
    const statement = this.statement(0);
    if (!statement) return;
    await client.query(statement.text, statement.params);
    await this.dropZeros(client);
  }

  /**
   * The upsert of the changed counts, its parameters numbered from `after` + 1: to send as a
   * data-modifying CTE of the details' statement (one round trip fewer per batch, decision 0294),
   * then `dropZeros`. Null when no count changed.
   */
  statement(after: number): { text: string; params: unknown[] } | null {
    // Sorted, so two writers touching the same rows lock them in the same order.
    const changed = this.changed();
    if (changed.length === 0) return null;
    return {
      text: `INSERT INTO project_counts AS c (state, deleted, projects)
         SELECT * FROM unnest($${after + 1}::text[], $${after + 2}::boolean[], $${after + 3}::bigint[])
       ON CONFLICT (state, deleted) DO UPDATE SET projects = c.projects + EXCLUDED.projects`,
      params: [changed.map(([key]) => key.slice(2)), changed.map(([key]) => key[0] === 'D'), changed.map(([, by]) => by)],
    };
  }

  /** A count that fell to zero goes, so the table is the same whether kept or made by a rebuild (a statement of its own: it must see the upsert's rows). */
  async dropZeros(client: PoolClient): Promise<void> {
    if (this.changed().some(([, by]) => by < 0)) await client.query('DELETE FROM project_counts WHERE projects = 0');
  }

  private changed(): Array<[string, number]> {
    return [...this.changes].filter(([, by]) => by !== 0).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
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
