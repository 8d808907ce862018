import type { Pool, PoolClient } from '@shop/infra';
import { quoted } from './shadow-schema.js';

/**
 * What makes a staging table look like the live one after the load, read once from the live
 * table's catalogue (the live tables do not change shape during a rebuild): its keys' unique
 * indexes, its other indexes, the keys themselves, and the columns ANALYZE samples.
 */
interface TableCompletion {
  table: string;
  /** `CREATE [UNIQUE] INDEX` statements of the live table (`ON public.<table>`), keys' indexes included. */
  indexes: string[];
  /** Each key as `ADD CONSTRAINT <name> PRIMARY KEY|UNIQUE USING INDEX <name>`, or any other constraint as its definition. */
  constraints: string[];
  /** The columns an index or constraint covers: what the planner needs right after the swap. */
  planned: string[];
}

/**
 * One round trip for every table. A primary key or unique constraint becomes its index, built like
 * any other, then attached by name (`USING INDEX`, a catalogue change): the index builds of one table
 * can then run side by side, where `ADD CONSTRAINT … PRIMARY KEY` would hold the table exclusively.
 */
export async function readCompletions(db: Pool | PoolClient, tables: readonly string[]): Promise<Map<string, TableCompletion>> {
  const { rows } = await db.query<{ table: string; kind: 'index' | 'key' | 'constraint' | 'column'; name: string; definition: string }>(
    `WITH live AS (SELECT t AS "table", to_regclass(format('public.%I', t)) AS oid FROM unnest($1::text[]) AS t)
     SELECT live."table", 'index' AS kind, '' AS name, pg_get_indexdef(i.indexrelid) AS definition
       FROM live JOIN pg_index i ON i.indrelid = live.oid
      -- An exclusion constraint makes its own index when it is added.
      WHERE NOT EXISTS (SELECT 1 FROM pg_constraint x WHERE x.conindid = i.indexrelid AND x.conrelid = i.indrelid AND x.contype = 'x')
     UNION ALL
     SELECT live."table", CASE WHEN c.contype IN ('p', 'u') THEN 'key' ELSE 'constraint' END, c.conname,
            CASE WHEN c.contype IN ('p', 'u')
              THEN CASE c.contype WHEN 'p' THEN 'PRIMARY KEY' ELSE 'UNIQUE' END || ' USING INDEX ' || quote_ident(c.conname)
                   || CASE WHEN c.condeferrable THEN ' DEFERRABLE' ELSE '' END || CASE WHEN c.condeferred THEN ' INITIALLY DEFERRED' ELSE '' END
              ELSE pg_get_constraintdef(c.oid) END
       FROM live JOIN pg_constraint c ON c.conrelid = live.oid AND c.contype IN ('p', 'u', 'c', 'x', 'f')
     UNION ALL
     SELECT live."table", 'column', a.attname, ''
       FROM live JOIN pg_attribute a ON a.attrelid = live.oid AND a.attnum > 0 AND NOT a.attisdropped
      WHERE EXISTS (SELECT 1 FROM pg_index i WHERE i.indrelid = a.attrelid AND a.attnum = ANY (i.indkey))
     ORDER BY 1, 2, 3`,
    [tables],
  );
  const completions = new Map(tables.map((table) => [table, { table, indexes: [], constraints: [], planned: [] } as TableCompletion]));
  for (const row of rows) {
    const completion = completions.get(row.table)!;
    if (row.kind === 'index') completion.indexes.push(row.definition);
    else if (row.kind === 'column') completion.planned.push(row.name);
    // Foreign keys last: they check rows against tables that have their keys by then.
    else if (row.kind === 'key') completion.constraints.unshift(`ADD CONSTRAINT ${quoted(row.name)} ${row.definition}`);
    else completion.constraints.push(`ADD CONSTRAINT ${quoted(row.name)} ${row.definition}`);
  }
  return completions;
}

/** An index statement of the live table, aimed at the staging one. */
function retargeted(definition: string, table: string, schema: string): string {
  const live = ` ON public.${table} `;
  if (!definition.includes(live)) throw new Error(`Cannot re-target index of ${table}: ${definition}`);
  return definition.replace(live, ` ON ${quoted(schema)}.${quoted(table)} `);
}

/** Keys attached and the planner's sample taken, in one round trip, once every index of the table is built. */
function finishingSql(completion: TableCompletion, schema: string): string {
  const target = `${quoted(schema)}.${quoted(completion.table)}`;
  return [
    ...(completion.constraints.length > 0 ? [`ALTER TABLE ${target} ${completion.constraints.join(', ')}`] : []),
    // A column list leaves the table's count of changes since analysis alone, so autovacuum
    // analyzes every column soon after the swap; sampling the logs' json here was the longest step.
    ...(completion.planned.length > 0 ? [`ANALYZE ${target} (${completion.planned.map(quoted).join(', ')})`] : []),
  ].join(';\n');
}

export interface StagingTable {
  schema: string;
  table: string;
  /** Fills the table from other loaded tables (BulkProjection.derived) before its indexes. */
  fill?: string;
}

/**
 * After the load: every staging table's derived rows, indexes, keys and planner statistics, each
 * index a task of its own on a few connections, the largest tables' first; a table's keys and
 * ANALYZE follow as soon as its own indexes are built. One table's eight indexes no longer build one
 * after the other on one connection while the other connections have run out of tables.
 */
export async function completeStaging(pool: Pool, tables: readonly StagingTable[], completions: ReadonlyMap<string, TableCompletion>, connections: number): Promise<void> {
  const sizes = await pool.query<{ bytes: string }>("SELECT pg_relation_size(format('%I.%I', s, t)) AS bytes FROM unnest($1::text[], $2::text[]) AS x(s, t)", [
    tables.map((item) => item.schema),
    tables.map((item) => item.table),
  ]);
  const queue = new StatementQueue(pool, connections);
  try {
    await Promise.all(
      tables.map(async (item, index) => {
        const completion = completions.get(item.table)!;
        const weight = Number(sizes.rows[index]!.bytes);
        if (item.fill) await queue.run(item.fill, Infinity);
        await Promise.all(completion.indexes.map((definition) => queue.run(retargeted(definition, item.table, item.schema), weight)));
        const finishing = finishingSql(completion, item.schema);
        if (finishing) await queue.run(finishing, Infinity);
      }),
    );
  } finally {
    await queue.close();
  }
}

/**
 * Statements run on up to `size` connections of their own, the one with the highest priority next.
 * Each runs as one transaction marked as never appending (decision 0231: a long index build must not
 * hold readers of the log), with `synchronous_commit` off: nothing here counts until the swap, which
 * commits normally.
 */
class StatementQueue {
  private readonly waiting: Array<{ sql: string; priority: number; resolve: () => void; reject: (error: unknown) => void }> = [];
  private readonly sleeping: Array<(more: boolean) => void> = [];
  private readonly workers: Array<Promise<void>> = [];
  private stopped: unknown = null;

  constructor(
    private readonly pool: Pool,
    private readonly size: number,
  ) {}

  run(sql: string, priority: number): Promise<void> {
    return new Promise((resolve, reject) => {
      if (this.stopped) return reject(this.stopped);
      this.waiting.push({ sql, priority, resolve, reject });
      const sleeper = this.sleeping.pop();
      if (sleeper) sleeper(true);
      else if (this.workers.length < this.size) this.workers.push(this.work());
    });
  }

  private async work(): Promise<void> {
    let client: PoolClient | null = null;
    try {
      client = await this.pool.connect();
      await client.query(SETTINGS);
      for (;;) {
        const next = this.take();
        if (next) {
          await client.query(`SELECT shop_not_appending();\n${next.sql}`).then(next.resolve, next.reject);
        } else if (this.stopped || !(await new Promise<boolean>((resolve) => this.sleeping.push(resolve)))) return;
      }
    } catch (error) {
      // No connection (or its settings failed): what waits would wait forever.
      this.stop(error);
    } finally {
      await client?.query(RESET).catch(() => undefined);
      client?.release();
    }
  }

  private take() {
    if (this.waiting.length === 0) return undefined;
    let best = 0;
    for (let i = 1; i < this.waiting.length; i++) if (this.waiting[i]!.priority > this.waiting[best]!.priority) best = i;
    return this.waiting.splice(best, 1)[0];
  }

  private stop(reason: unknown): void {
    this.stopped ??= reason;
    for (const item of this.waiting.splice(0)) item.reject(reason);
    for (const sleeper of this.sleeping.splice(0)) sleeper(false);
  }

  /** Waits for the statements running; those not started are given up (a failure elsewhere ended the phase). */
  async close(): Promise<void> {
    this.stop(new Error('the index phase ended'));
    await Promise.all(this.workers);
  }
}

// Several statements at once keep the cores busy; a parallel worker per index build would only
// add its start-up and merge on top, which for indexes of this size costs more than it splits.
// A first, small sample (3,000 rows instead of 30,000) for the planner's
// lookups right after the swap; autovacuum analyzes every column at the server's target soon after.
const SETTINGS = "SET maintenance_work_mem = '256MB'; SET max_parallel_maintenance_workers = 0; SET default_statistics_target = 10; SET synchronous_commit = off";
const RESET = 'RESET maintenance_work_mem; RESET max_parallel_maintenance_workers; RESET default_statistics_target; RESET synchronous_commit';
