import type { Pool } from '@shop/infra';
import type { Projection } from './projection.js';

export interface Outdated {
  projection: Projection;
  /** The version the live tables were built with. */
  stored: number;
}

/**
 * The projections whose live tables an older version built (docs/decisions/0215). A projection
 * with no stored version (a new database, a new projection, tables from before versions) is
 * recorded at its own version first: its tables are, or will be, built by this code. A stored
 * version newer than the code's is left alone: a newer deployment owns those tables, and an
 * older process still running beside it must not rebuild them back.
 */
export async function outdatedProjections(pool: Pool, projections: readonly Projection[]): Promise<Outdated[]> {
  const names = projections.map((projection) => projection.name);
  await pool.query(
    `INSERT INTO projection_checkpoints AS c (name, transaction_id, global_position, version)
       SELECT name, 0, 0, version FROM unnest($1::text[], $2::integer[]) AS t(name, version)
     ON CONFLICT (name) DO UPDATE SET version = EXCLUDED.version WHERE c.version IS NULL`,
    [names, projections.map((projection) => projection.version)],
  );
  const { rows } = await pool.query<{ name: string; version: number }>('SELECT name, version FROM projection_checkpoints WHERE name = ANY($1)', [names]);
  const stored = new Map(rows.map((row) => [row.name, row.version]));
  return projections.flatMap((projection) => {
    const version = stored.get(projection.name) ?? projection.version;
    return version < projection.version ? [{ projection, stored: version }] : [];
  });
}

/**
 * The version fence (docs/decisions/0359): a process whose code is older than the version a
 * projection's live tables were built with would fold the old way into the new tables (a
 * projector) or read them with the old code (a query process). It refuses to start instead.
 */
export class ProjectionVersionFenceError extends Error {
  constructor(readonly newer: ReadonlyArray<{ name: string; stored: number; code: number }>) {
    super(
      `This code is older than the read models in the database: ${newer.map((row) => `${row.name} is at version ${row.stored} there, version ${row.code} here`).join('; ')}. ` +
        'Start the newer release instead (docs/operations.md, "Rolling upgrades").',
    );
    this.name = 'ProjectionVersionFenceError';
  }
}

/** Throws ProjectionVersionFenceError when the database holds a newer version of any of these projections. */
export async function refuseNewerProjectionVersions(pool: Pool, projections: readonly Projection[]): Promise<void> {
  const { rows } = await pool.query<{ name: string; version: number }>('SELECT name, version FROM projection_checkpoints WHERE name = ANY($1) AND version IS NOT NULL', [
    projections.map((projection) => projection.name),
  ]);
  const code = new Map(projections.map((projection) => [projection.name, projection.version]));
  const newer = rows.filter((row) => row.version > code.get(row.name)!).map((row) => ({ name: row.name, stored: row.version, code: code.get(row.name)! }));
  if (newer.length > 0) throw new ProjectionVersionFenceError(newer.sort((a, b) => a.name.localeCompare(b.name)));
}
