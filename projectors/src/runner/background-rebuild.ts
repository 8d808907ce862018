import type { EventStore, Logger, Pool } from '@shop/infra';
import { rebuildInOnePass } from '../rebuild/one-pass.js';
import type { Projection } from './projection.js';
import { outdatedProjections, type Outdated } from './projection-versions.js';

export interface BackgroundDeps {
  pool: Pool;
  eventStore: EventStore;
  logger: Logger;
}

export type BackgroundOutcome =
  /** Rebuilt from the log and swapped in; `events` read. */
  | { kind: 'swapped'; events: number }
  /** Another process holds the upgrade lock: it rebuilds, this one serves and follows. */
  | { kind: 'elsewhere' }
  /** Nothing left to do once the lock was held (another process had just upgraded them). */
  | { kind: 'current' }
  | { kind: 'failed'; error: unknown };

/**
 * Rebuilds projections from the log in one pass (rebuild/one-pass.ts) while the live tables keep
 * serving, and swaps them in (docs/decisions/0215). One process at a time in the whole cluster: a
 * session advisory lock, tried once; a process that does not get it leaves the work to the one
 * that did. Each outdated projection's upgrade is recorded in `projection_upgrades` (running,
 * then removed by the swap or marked failed), where the health page and /metrics read it; the
 * rebuild's progress goes to `rebuild_progress` as for `npm run replay`. Never throws.
 *
 * `projections` are what to rebuild: the outdated ones for an upgrade, all of them for the
 * catch-up after downtime; only projections still outdated once the lock is held are rebuilt for
 * an upgrade (`onlyOutdated`), since another process may have swapped them in meanwhile.
 */
export async function rebuildInBackground(
  deps: BackgroundDeps,
  projections: readonly Projection[],
  options: { onlyOutdated: boolean },
): Promise<BackgroundOutcome> {
  const lock = await tryUpgradeLock(deps.pool).catch((error: unknown) => ({ failed: error }));
  if ('failed' in lock) {
    deps.logger.warn({ err: lock.failed }, 'taking the upgrade lock failed; no background rebuild this time');
    return { kind: 'failed', error: lock.failed };
  }
  if (!lock.held) {
    deps.logger.info({ projections: projections.map((projection) => projection.name) }, 'another process is rebuilding the projections; this one serves and follows the log');
    return { kind: 'elsewhere' };
  }
  let outdated: Outdated[] = [];
  try {
    outdated = await outdatedProjections(deps.pool, projections);
    const targets = options.onlyOutdated ? outdated.map(({ projection }) => projection) : projections;
    if (targets.length === 0) return { kind: 'current' };
    await markRunning(deps.pool, outdated);
    if (outdated.length > 0) deps.logger.info({ upgrades: outdated.map(describe) }, 'upgrading projections in the background; their old versions serve until the swap');
    const results = await rebuildInOnePass(deps, targets);
    const events = results[0]?.events ?? 0;
    if (outdated.length > 0) deps.logger.info({ upgrades: outdated.map(describe), events }, 'projection upgrade swapped in');
    return { kind: 'swapped', events };
  } catch (error) {
    return failed(deps, outdated, error);
  } finally {
    await lock.release();
  }
}

async function failed(deps: BackgroundDeps, outdated: readonly Outdated[], error: unknown): Promise<BackgroundOutcome> {
  const message = error instanceof Error ? error.message : String(error);
  if (outdated.length > 0) {
    deps.logger.error({ upgrades: outdated.map(describe), err: error }, `projection upgrade failed, the old versions keep serving (the next start tries again): ${message}`);
    await deps.pool
      .query(`UPDATE projection_upgrades SET state = 'failed', error = $2, updated_at = now() WHERE projection = ANY($1)`, [outdated.map(({ projection }) => projection.name), message])
      .catch((markError: unknown) => deps.logger.warn({ err: markError }, 'recording the failed upgrade failed'));
  }
  return { kind: 'failed', error };
}

async function markRunning(pool: Pool, outdated: readonly Outdated[]): Promise<void> {
  await pool.query(
    `INSERT INTO projection_upgrades (projection, from_version, to_version, state, error, started_at, updated_at)
       SELECT *, 'running', NULL::text, now(), now() FROM unnest($1::text[], $2::integer[], $3::integer[])
     ON CONFLICT (projection) DO UPDATE SET from_version = EXCLUDED.from_version, to_version = EXCLUDED.to_version,
       state = 'running', error = NULL, started_at = now(), updated_at = now()`,
    [outdated.map(({ projection }) => projection.name), outdated.map(({ stored }) => stored), outdated.map(({ projection }) => projection.version)],
  );
}

const describe = ({ projection, stored }: Outdated) => `${projection.name} ${stored} -> ${projection.version}`;

/** One background rebuild at a time across every process on the database (held on its own connection). */
async function tryUpgradeLock(pool: Pool): Promise<{ held: boolean; release: () => Promise<void> }> {
  const client = await pool.connect();
  try {
    const { rows } = await client.query<{ held: boolean }>("SELECT pg_try_advisory_lock(hashtext('projection-upgrade')) AS held");
    const held = rows[0]?.held === true;
    if (!held) client.release();
    return {
      held,
      release: async () => {
        if (!held) return;
        await client.query("SELECT pg_advisory_unlock(hashtext('projection-upgrade'))").catch(() => undefined);
        client.release();
      },
    };
  } catch (error) {
    client.release();
    throw error;
  }
}

/**
 * On start: records this code's versions where none is stored, and upgrades the projections an
 * older version built (docs/decisions/0215).
 */
export async function upgradeOutdated(deps: BackgroundDeps, projections: readonly Projection[]): Promise<BackgroundOutcome> {
  let outdated: Outdated[];
  try {
    outdated = await outdatedProjections(deps.pool, projections);
  } catch (error) {
    deps.logger.warn({ err: error }, 'reading the projections\' versions failed; no upgrade this time');
    return { kind: 'failed', error };
  }
  if (outdated.length === 0) return { kind: 'current' };
  return rebuildInBackground(deps, outdated.map(({ projection }) => projection), { onlyOutdated: true });
}
