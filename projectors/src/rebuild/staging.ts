import type { PoolClient } from '@shop/infra';
import { quoted, RUNNER_TABLES, statisticsTargetsSql } from './shadow-schema.js';

/**
 * The statements that make a staging schema for a one-pass rebuild, after any old one of that
 * name is dropped: the live tables' columns, defaults and NOT NULLs, but no indexes or constraints
 * yet, so COPY only appends heap pages. Sent together, statements run as one transaction.
 */
export function stagingTablesSql(schema: string, tables: readonly string[]): string[] {
  return [
    `DROP SCHEMA IF EXISTS ${quoted(schema)} CASCADE`,
    `CREATE SCHEMA ${quoted(schema)}`,
    ...tables.flatMap((table) => [bareCopySql(schema, table), statisticsTargetsSql(schema, table)]),
  ];
}

/** The runner's bookkeeping tables, cloned whole into a staging schema: they are small, and the swap's catch-up writes them. */
export const runnerTablesSql = (schema: string): string[] =>
  RUNNER_TABLES.map((table) => `CREATE TABLE ${quoted(schema)}.${quoted(table)} (LIKE public.${quoted(table)} INCLUDING ALL)`);

/** A table like the live one, columns, defaults and NOT NULLs only. */
export const bareCopySql = (schema: string, table: string): string =>
  `CREATE TABLE ${quoted(schema)}.${quoted(table)} (LIKE public.${quoted(table)} INCLUDING DEFAULTS INCLUDING GENERATED INCLUDING IDENTITY INCLUDING STORAGE INCLUDING COMMENTS)`;

/**
 * The columns ANALYZE looks at right after the load: those an index or constraint of the table
 * covers, which is what the planner needs to choose the read models' index lookups. ANALYZE with
 * a column list leaves the table's count of changes since analysis alone, so autovacuum analyzes
 * the whole table shortly after the swap (docs/decisions/0100). Sampling every column of the logs
 * (detoasting json, sorting texts) was the longest step of the index phase.
 */
async function plannedColumns(client: PoolClient, table: string): Promise<string[]> {
  const { rows } = await client.query<{ name: string }>(
    `SELECT a.attname AS name FROM pg_attribute a
      WHERE a.attrelid = to_regclass($1) AND a.attnum > 0 AND NOT a.attisdropped
        AND EXISTS (SELECT 1 FROM pg_index i WHERE i.indrelid = a.attrelid AND a.attnum = ANY (i.indkey))
      ORDER BY a.attnum`,
    [`public.${quoted(table)}`],
  );
  return rows.map((row) => row.name);
}

/**
 * After the load: the live table's constraints and indexes, under the live names (so a swapped
 * table looks exactly like one the migrations made), built once over all rows, then ANALYZE, on a
 * connection the caller holds (inside its transaction). The one-pass rebuild spreads the same work
 * over several connections (index-phase.ts).
 */
export async function completeTable(client: PoolClient, schema: string, table: string): Promise<void> {
  const constraints = await client.query<{ name: string; definition: string }>(
    `SELECT conname AS name, pg_get_constraintdef(oid) AS definition FROM pg_constraint
      WHERE conrelid = to_regclass($1) AND contype IN ('p', 'u', 'c', 'x', 'f') ORDER BY contype = 'f', conname`,
    [`public.${quoted(table)}`],
  );
  for (const { name, definition } of constraints.rows) {
    await client.query(`ALTER TABLE ${quoted(schema)}.${quoted(table)} ADD CONSTRAINT ${quoted(name)} ${definition}`);
  }
  const indexes = await client.query<{ definition: string }>(
    `SELECT pg_get_indexdef(i.indexrelid) AS definition FROM pg_index i
      WHERE i.indrelid = to_regclass($1) AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = i.indexrelid)`,
    [`public.${quoted(table)}`],
  );
  const live = ` ON public.${table} `;
  for (const { definition } of indexes.rows) {
    if (!definition.includes(live)) throw new Error(`Cannot re-target index of ${table}: ${definition}`);
    await client.query(definition.replace(live, ` ON ${quoted(schema)}.${quoted(table)} `));
  }
  const planned = await plannedColumns(client, table);
  if (planned.length > 0) await client.query(`ANALYZE ${quoted(schema)}.${quoted(table)} (${planned.map(quoted).join(', ')})`);
}
