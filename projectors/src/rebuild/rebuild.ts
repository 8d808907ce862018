import { applyBatch } from '../runner/apply-batch.js';
import type { Projection } from '../runner/projection.js';
import { type EventStore, type GlobalCheckpoint, type Pool, type StoredEvent } from '@shop/infra';
import { dropSchema, schemaName } from './shadow-schema.js';

export interface RebuildDeps {
  pool: Pool;
  eventStore: EventStore;
}

/** What a replay through the projections' own batch path needs (the catch-up before a swap). */
interface ReplayOptions {
  /** Only the events that had happened by this instant. */
  until?: Date;
  batchSize?: number;
  /** Called after every batch with events read so far and the total to read. */
  onProgress?: (done: number, total: number) => void;
}

export interface RebuildResult {
  projection: string;
  events: number;
  /** Where the tables are now: 'public' after a swap, the as-of schema for `until`. */
  schema: string;
  ms: number;
}

/** Applies every readable event after `from` to the schema's tables; returns how many it read. */
export async function replayInto(
  deps: RebuildDeps,
  projection: Projection,
  schema: string,
  from: GlobalCheckpoint,
  options: ReplayOptions & { total: number },
): Promise<number> {
  let done = 0;
  // The next page is read while this one is applied (read-ahead.ts); the pages are readAll's.
  for await (const read of deps.eventStore.readAllPages({ from, limit: options.batchSize ?? 2000 })) {
    const batch = options.until ? happenedBy(read, options.until) : read;
    if (batch.length > 0) await applyBatch(deps.pool, projection, batch, { schema });
    done += batch.length;
    options.onProgress?.(done, Math.max(done, options.total));
  }
  return done;
}

/**
 * The events that had happened by `until`. Filtered rather than cut at the first later one:
 * the global order is commit order, and an imported or back-dated event may commit after
 * later-dated ones. Each stream's own order is kept, so folds stay valid.
 */
function happenedBy(events: StoredEvent[], until: Date): StoredEvent[] {
  return events.filter((event) => Date.parse(event.metadata.occurredAt) <= until.getTime());
}

/**
 * One rebuild of each projection at a time, across processes (session-level advisory locks), all on
 * one connection (a rebuild of six must not hold six), in one round trip. A rebuild of this process still dropping what it left behind (`rebuildsTidied`)
 * holds its locks until that is done: it is waited for here, not reported as another rebuild.
 */
export async function lockRebuilds(pool: Pool, names: readonly string[]): Promise<{ release: () => Promise<void> }> {
  await rebuildsTidied();
  const client = await pool.connect();
  let held: string[] = [];
  const release = async () => {
    if (held.length > 0) await client.query("SELECT pg_advisory_unlock(hashtext('rebuild:' || n)) FROM unnest($1::text[]) AS t(n)", [held]).catch(() => undefined);
    client.release();
  };
  try {
    const { rows } = await client.query<{ name: string; locked: boolean }>(
      "SELECT n AS name, pg_try_advisory_lock(hashtext('rebuild:' || n)) AS locked FROM unnest($1::text[]) WITH ORDINALITY AS t(n, i) ORDER BY i",
      [names],
    );
    held = rows.filter((row) => row.locked).map((row) => row.name);
    const busy = rows.find((row) => !row.locked);
    if (busy) throw new Error(`Another rebuild of ${busy.name} is running; try again when it has finished.`);
  } catch (error) {
    await release();
    throw error;
  }
  return { release };
}

/** Schemas a rebuild of these projections left behind (killed, or stopped before it dropped them), dropped. The caller holds their rebuild locks. */
export async function dropStaleRebuilds(pool: Pool, ...names: string[]): Promise<void> {
  const prefixes = names.flatMap((name) => [schemaName('rebuild', name, ''), schemaName('retired', 'rebuild', name, '')]);
  const stale = await pool.query<{ nspname: string }>('SELECT nspname FROM pg_namespace WHERE nspname ^@ ANY($1::text[])', [prefixes]);
  await Promise.all(stale.rows.map(({ nspname }) => dropSchema(pool, nspname)));
}

const tidying = new Set<Promise<void>>();

/**
 * Work a rebuild goes on with after it returned (its leftover schemas dropped, then its locks
 * released: one-pass.ts). Failures are not reported: whatever is left is a stale schema, which the
 * next rebuild of the projection drops first.
 */
export function tidyAfterwards(work: Promise<unknown>): void {
  const tidy: Promise<void> = work.then(
    () => undefined,
    () => undefined,
  );
  tidying.add(tidy);
  void tidy.finally(() => tidying.delete(tidy));
}

/** Resolves when every rebuild of this process has finished tidying up (before its pool is closed, or its process ends). */
export async function rebuildsTidied(): Promise<void> {
  while (tidying.size > 0) await Promise.all(tidying);
}
