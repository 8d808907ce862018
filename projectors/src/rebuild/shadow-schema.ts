import type { Pool, PoolClient } from '@shop/infra';

/**
 * Bookkeeping tables the runner writes beside a projection's own rows. A rebuild clones them
 * into its schema too, so `applyBatch` with that schema (search_path first) keeps its revisions
 * and checkpoint apart from the live projection's.
 */
export const RUNNER_TABLES = ['projection_stream_revisions', 'projection_checkpoints'] as const;

const IDENTIFIER = /^[a-z_][a-z0-9_]{0,62}$/;

/** A schema name from parts, safe to put in SQL unquoted. */
export function schemaName(...parts: string[]): string {
  const name = parts
    .join('_')
    .toLowerCase()
    .replace(/[^a-z0-9_]+/g, '_')
    .slice(0, 63);
  if (!IDENTIFIER.test(name)) throw new Error(`Not a usable schema name: ${name}`);
  return name;
}

export const quoted = (identifier: string): string => `"${identifier.replace(/"/g, '""')}"`;

/**
 * A copy's columns sampled as the live table's: LIKE copies no statistics target, and the columns
 * that hold personal data in clear keep none (SET STATISTICS 0, docs/decisions/0301) so that
 * ANALYZE never copies their values into pg_statistic. A rebuilt table swapped in keeps that.
 */
export const statisticsTargetsSql = (schema: string, table: string): string => `DO $targets$
DECLARE col record;
BEGIN
  FOR col IN SELECT attname, attstattarget FROM pg_attribute
              WHERE attrelid = ${literal(`public.${quoted(table)}`)}::regclass AND attnum > 0 AND NOT attisdropped AND attstattarget IS NOT NULL
  LOOP
    EXECUTE format('ALTER TABLE %I.%I ALTER COLUMN %I SET STATISTICS %s', ${literal(schema)}, ${literal(table)}, col.attname, col.attstattarget);
  END LOOP;
END $targets$`;

const literal = (text: string): string => `'${text.replace(/'/g, "''")}'`;

/** Empty copies of the live tables (columns, defaults, constraints, indexes, statistics targets) in a new schema. */
export async function createShadowTables(pool: Pool, schema: string, tables: readonly string[]): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await client.query(`CREATE SCHEMA ${quoted(schema)}`);
    for (const table of [...tables, ...RUNNER_TABLES]) {
      await client.query(`CREATE TABLE ${quoted(schema)}.${quoted(table)} (LIKE public.${quoted(table)} INCLUDING ALL)`);
      await client.query(statisticsTargetsSql(schema, table));
    }
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

export async function dropSchema(db: Pool | PoolClient, schema: string): Promise<void> {
  await db.query(`DROP SCHEMA IF EXISTS ${quoted(schema)} CASCADE`);
}
