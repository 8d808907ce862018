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

/** Empty copies of the live tables (columns, defaults, constraints, indexes) in a new schema. */
export async function createShadowTables(pool: Pool, schema: string, tables: readonly string[]): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await client.query(`CREATE SCHEMA ${quoted(schema)}`);
    for (const table of [...tables, ...RUNNER_TABLES]) {
      await client.query(`CREATE TABLE ${quoted(schema)}.${quoted(table)} (LIKE public.${quoted(table)} INCLUDING ALL)`);
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
