import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runner } from 'node-pg-migrate';

/** The event store's own migrations; other packages pass their folders too. */
export const infraMigrationsDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../migrations');

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
  return applied.map((migration) => migration.name);
}
