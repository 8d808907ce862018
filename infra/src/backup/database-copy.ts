import { pipeline } from 'node:stream/promises';
import type { Readable, Writable } from 'node:stream';
import type pg from 'pg';
import { from as copyFrom, to as copyTo } from 'pg-copy-streams';

/**
 * What a backup holds of the database (decision 0337): every logged table of the shop's own in
 * `public` except the ones below, which a restore rebuilds or starts empty. The read models are
 * rebuilt from the log, so their tables are left out too (the caller names them).
 */
const NOT_BACKED_UP = [
  'schema_migrations',
  // Sessions and failed log-ins: a restore logs everyone out and forgets throttling.
  'http_sessions',
  'login_failures',
  // The live feed's and rebuild's bookkeeping: rebuilt or empty on a fresh start.
  'live_changes',
  'live_changes_horizon',
  'live_swaps',
  'rebuild_progress',
  'projection_upgrades',
  'projection_stream_revisions',
  // Carried as the bundle's log coverage entry instead, computed for every event (decision 0390).
  'restored_event_digests',
] as const;

/**
 * Columns left out: `events.transaction_id` is the source cluster's transaction counter, which a
 * restored cluster has not reached; the restore gives every restored event its own transaction's
 * id so readers see them at once, in position order (decision 0337).
 */
const LEFT_OUT_COLUMNS: Record<string, readonly string[]> = { events: ['transaction_id'] };

export interface TableCopy {
  table: string;
  columns: string[];
}

/** The tables a backup copies and their columns, as the open transaction sees them. */
export async function tablesToBackUp(client: pg.ClientBase, readModelTables: readonly string[]): Promise<TableCopy[]> {
  const excluded = [...NOT_BACKED_UP, ...readModelTables];
  const tables = await client.query<{ table: string; columns: string[] }>(
    `SELECT c.relname AS table, array_agg(a.attname::text ORDER BY a.attnum) AS columns
       FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
       JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
      WHERE n.nspname = 'public' AND c.relkind = 'r' AND c.relpersistence = 'p' AND NOT (c.relname = ANY($1))
      GROUP BY c.relname ORDER BY c.relname`,
    [excluded],
  );
  return tables.rows.map(({ table, columns }) => ({ table, columns: columns.filter((column) => !LEFT_OUT_COLUMNS[table]?.includes(column)) }));
}

/** One table's rows in PostgreSQL's COPY text format, from the caller's transaction. */
export function copyTableOut(client: pg.ClientBase, copy: TableCopy): Readable {
  return client.query(copyTo(`COPY public.${quoted(copy.table)} (${copy.columns.map(quoted).join(', ')}) TO STDOUT`));
}

/**
 * One table's rows back, after emptying it, into the caller's transaction. An empty table is left
 * as it is: the append-only ones (events, event_rewrites, log_digests: decision 0345) refuse even
 * an empty TRUNCATE, and a fresh target holds no rows there to remove.
 */
export async function copyTableIn(client: pg.ClientBase, copy: TableCopy, rows: Readable): Promise<void> {
  const held = await client.query(`SELECT 1 FROM public.${quoted(copy.table)} LIMIT 1`);
  if (held.rowCount) await client.query(`TRUNCATE public.${quoted(copy.table)}`);
  const sink: Writable = client.query(copyFrom(`COPY public.${quoted(copy.table)} (${copy.columns.map(quoted).join(', ')}) FROM STDIN`));
  await pipeline(rows, sink);
}

/** Every serial or identity column's sequence moved past the rows restored, so new rows do not collide. */
export async function resetSequences(client: pg.ClientBase, tables: readonly string[]): Promise<void> {
  const owned = await client.query<{ table: string; column: string; sequence: string }>(
    `SELECT c.relname AS table, a.attname AS column, pg_get_serial_sequence(format('public.%I', c.relname), a.attname) AS sequence
       FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
       JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
      WHERE n.nspname = 'public' AND c.relname = ANY($1) AND pg_get_serial_sequence(format('public.%I', c.relname), a.attname) IS NOT NULL`,
    [tables],
  );
  for (const { table, column, sequence } of owned.rows) {
    await client.query(`SELECT setval($1, COALESCE((SELECT max(${quoted(column)}) FROM public.${quoted(table)}), 0) + 1, false)`, [sequence]);
  }
}

/** Whether the database has no table of its own in `public` (a restore's target must be empty). */
export async function databaseIsEmpty(client: pg.ClientBase): Promise<boolean> {
  const found = await client.query(`SELECT 1 FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p', 'v', 'm') LIMIT 1`);
  return found.rowCount === 0;
}

/** Names of the migrations applied, oldest first. */
export async function appliedMigrations(client: pg.ClientBase): Promise<string[]> {
  const rows = await client.query<{ name: string }>('SELECT name FROM public.schema_migrations ORDER BY run_on, id');
  return rows.rows.map((row) => row.name);
}

const quoted = (name: string) => `"${name.replace(/"/g, '""')}"`;
