import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { runner } from 'node-pg-migrate';

/** The event store's own migrations; other packages pass their folders too. */
export const infraMigrationsDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../migrations');

/** The functions the application calls, one file each, applied after the migrations (decision 0370). */
export const sqlFunctionsDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../sql/functions');

/** Any constant of our own: concurrent starts wait for each other's functions, as for migrations. */
const FUNCTIONS_LOCK = 1399352401;

/**
 * Applies pending SQL migrations (node-pg-migrate) from the given folders, in file-name
 * order across folders. An advisory lock makes concurrent starts wait for each other.
 */
export async function migrate(
  databaseUrl: string,
  dirs: string[],
  log: (message: string) => void = () => undefined,
): Promise<string[]> {
  const applied = await runner({
    databaseUrl,
    dir: [infraMigrationsDir, ...dirs].map((dir) => `${dir}/*.sql`),
    useGlob: true,
    direction: 'up',
    migrationsTable: 'schema_migrations',
    checkOrder: false,
    singleTransaction: true,
    advisoryLockMode: 'wait',
    log,
    logger: { info: log, warn: log, error: log, debug: () => undefined },
  });
  await applyFunctions(databaseUrl);
  return applied.map((migration) => migration.name);
}

/**
 * Every file of `infra/sql/functions/` in name order, each a `CREATE OR REPLACE FUNCTION`, in one
 * transaction: repeatable, so a function has one body in the source tree and a release that
 * changes it needs no migration (decision 0370). The functions only read and write the schema the
 * migrations made, so they come after them.
 */
async function applyFunctions(databaseUrl: string): Promise<void> {
  const files = (await readdir(sqlFunctionsDir)).filter((name) => name.endsWith('.sql')).sort();
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('BEGIN');
    await client.query('SELECT pg_advisory_xact_lock($1)', [FUNCTIONS_LOCK]);
    for (const file of files) await client.query(await readFile(path.join(sqlFunctionsDir, file), 'utf8'));
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw new Error(`could not apply infra/sql/functions: ${(error as Error).message}`, { cause: error });
  } finally {
    await client.end();
  }
}
