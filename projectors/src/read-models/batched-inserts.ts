import type { PoolClient } from '@shop/infra';

/** Rows for one table, a value per column in `columns` order; `types` are the columns' SQL types. */
export interface TableRows {
  table: string;
  columns: readonly string[];
  types: readonly string[];
  rows: unknown[][];
  /** An `ON CONFLICT …` clause, for upserts. */
  onConflict?: string;
}

/**
 * Inserts rows into several tables in ONE statement (each table a data-modifying CTE, every
 * column a typed array through `unnest`): on the live path every round trip is latency, and
 * `unnest` costs the server about a quarter of reading rows back from one JSON document.
 * json and jsonb values go as their JSON text, as node-postgres would turn a JS array inside an array
 * parameter into a nested SQL array.
 */
export async function insertIntoTables(client: PoolClient, writes: readonly TableRows[]): Promise<void> {
  const parameters: unknown[] = [];
  const statements = writes
    .filter((write) => write.rows.length > 0)
    .map((write) => {
      const arrays = write.types.map((type, i) => {
        parameters.push(write.rows.map((row) => (type === 'jsonb' || type === 'json' ? JSON.stringify(row[i]) : row[i])));
        return `$${parameters.length}::${type}[]`;
      });
      return `INSERT INTO ${write.table} (${write.columns.join(', ')}) SELECT * FROM unnest(${arrays.join(', ')})${write.onConflict ? ` ${write.onConflict}` : ''}`;
    });
  const last = statements.pop();
  if (!last) return;
  const ctes = statements.map((statement, i) => `w${i} AS (${statement})`);
  await client.query(ctes.length > 0 ? `WITH ${ctes.join(', ')} ${last}` : last, parameters);
}
