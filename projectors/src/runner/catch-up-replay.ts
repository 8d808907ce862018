import type { GlobalCheckpoint, Pool } from '@shop/infra';
import { bulkOf } from '../rebuild/one-pass.js';
import { rebuildInBackground, type BackgroundDeps } from './background-rebuild.js';
import type { Projection } from './projection.js';

/**
 * When a runner that was down finds a long backlog, reading it batch by batch through the live
 * path (one transaction per batch, every projection's upserts) is slower than rebuilding from
 * event 0 in one pass (docs/decisions/0100, "Catch-up after downtime"): the runner replays
 * instead, and subscribes from where the replay swapped in.
 */
export interface CatchUpReplayPolicy {
  /** A backlog shorter than this is caught up batch by batch: a replay has fixed costs. */
  minEvents: number;
  /** ... and so is one shorter than this share of the log (a replay reads all of it). */
  minShareOfLog: number;
}

/**
 * The batch path catches up at a fifth to a third of the one-pass replay's events/s (about 0.3 in
 * docs/benchmarks.md's "catch-up after downtime", where every project's history has the same
 * shape; about 0.2 on the rebuild test's mixed log), so replaying the whole log pays once the
 * backlog is about a quarter of it. Below 10,000 events either takes seconds.
 */
export const defaultCatchUpReplay: CatchUpReplayPolicy = { minEvents: 10_000, minShareOfLog: 0.25 };

export interface Backlog {
  /** Readable events after the checkpoint. */
  behind: number;
  /** Readable events in the log. */
  total: number;
}

/**
 * How far `from` is behind the PostgreSQL log (a count after a checkpoint under the transaction
 * horizon, which the event store's interface does not carry: the shop refuses EventStoreDB,
 * decision 0421). Null when it cannot tell.
 */
export async function measureBacklog(pool: Pool, from: GlobalCheckpoint): Promise<Backlog | null> {
  try {
    const { rows } = await pool.query<{ behind: string; total: string }>(
      `SELECT count(*) FILTER (WHERE (transaction_id, global_position) > ($1::text::xid8, $2)) AS behind, count(*) AS total
         FROM events WHERE transaction_id < (SELECT shop_read_horizon())`,
      [String(from.transactionId), from.position],
    );
    return { behind: Number(rows[0]?.behind ?? 0), total: Number(rows[0]?.total ?? 0) };
  } catch {
    return null;
  }
}

export function shouldReplay(backlog: Backlog, policy: CatchUpReplayPolicy): boolean {
  return backlog.behind >= policy.minEvents && backlog.behind >= policy.minShareOfLog * backlog.total;
}

/** Only projections with a one-pass fold can be replayed; any other keeps the batch path for all. */
export const replayable = (projections: readonly Projection[]): boolean => projections.every((projection) => bulkOf(projection) !== undefined);

/**
 * Replays the log into every projection and swaps the result in, by the same background path as
 * an upgrade (background-rebuild.ts; an outdated projection is upgraded by it too). Returns the
 * events replayed, or null when it did not (another process rebuilds, a projection failed on an
 * event): the runner then catches up batch by batch, parking what fails as it always does.
 */
export async function replayBacklog(deps: BackgroundDeps, projections: readonly Projection[], backlog: Backlog): Promise<number | null> {
  const started = Date.now();
  deps.logger.info({ behind: backlog.behind, total: backlog.total }, 'projections far behind the log: catching up by replaying it in one pass');
  const outcome = await rebuildInBackground(deps, projections, { onlyOutdated: false });
  if (outcome.kind === 'swapped') {
    deps.logger.info({ events: outcome.events, ms: Date.now() - started }, 'replay swapped in; following the log from there');
    return outcome.events;
  }
  if (outcome.kind === 'failed') deps.logger.warn({ err: outcome.error }, 'replay failed; catching up batch by batch instead');
  return null;
}
