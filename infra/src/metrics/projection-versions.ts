import type { Pool } from '../postgres/pool.js';
import { readRebuildProgress, type RebuildProgressRow } from './rebuild-progress.js';

export interface ProjectionUpgrade {
  fromVersion: number | null;
  toVersion: number;
  /** running: rebuilding in the background while the old version serves; failed: the old version serves on. */
  state: 'running' | 'failed';
  error: string | null;
  startedAt: string;
  /** The rebuild's figures while it runs (rebuild_progress); null when it publishes none. */
  progress: RebuildProgressRow | null;
}

export interface ProjectionVersion {
  name: string;
  /** The version of the fold that built the live tables (null: none recorded yet). */
  version: number | null;
  upgrade: ProjectionUpgrade | null;
}

/**
 * The version each projection's live tables were built with and any upgrade of them running or
 * failed (projectors/src/runner/background-rebuild.ts, decision 0215), read from the database so
 * any process reports them. Tables not there yet (a database the projectors' migrations have not
 * reached) read as nothing recorded.
 */
export async function readProjectionVersions(pool: Pool, names: readonly string[]): Promise<ProjectionVersion[]> {
  const [versions, progress] = await Promise.all([
    pool
      .query<{ name: string; version: number | null; from_version: number | null; to_version: number | null; state: 'running' | 'failed' | null; error: string | null; started_at: Date | null }>(
        `SELECT n.name, c.version, u.from_version, u.to_version, u.state, u.error, u.started_at
           FROM unnest($1::text[]) AS n(name)
           LEFT JOIN projection_checkpoints c ON c.name = n.name
           LEFT JOIN projection_upgrades u ON u.projection = n.name`,
        [names],
      )
      .catch(() => ({ rows: names.map((name) => ({ name, version: null, from_version: null, to_version: null, state: null, error: null, started_at: null })) })),
    readRebuildProgress(pool),
  ]);
  return versions.rows.map((row) => ({
    name: row.name,
    version: row.version,
    upgrade:
      row.state && row.to_version !== null && row.started_at
        ? {
            fromVersion: row.from_version,
            toVersion: row.to_version,
            state: row.state,
            error: row.error,
            startedAt: row.started_at.toISOString(),
            progress: row.state === 'running' ? (progress.find((entry) => entry.projection === row.name) ?? null) : null,
          }
        : null,
  }));
}
