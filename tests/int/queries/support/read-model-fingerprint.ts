import { readProjectionLag, type Pool } from '@shop/infra';
import { allProjections, type Projection } from '@shop/projectors';

/** A fingerprint of a table's rows (order-independent) and of the projection's per-stream revisions. */
export async function fingerprint(pool: Pool, projection: Projection): Promise<Record<string, string>> {
  const prints: Record<string, string> = {};
  for (const table of projection.tables) {
    const result = await pool.query<{ n: number; digest: string }>(
      `SELECT count(*)::int AS n, md5(coalesce(string_agg(to_jsonb(t)::text, '|' ORDER BY to_jsonb(t)::text), '')) AS digest FROM public.${table} t`,
    );
    prints[table] = `${result.rows[0]!.n}:${result.rows[0]!.digest}`;
  }
  const revisions = await pool.query<{ n: number; digest: string }>(
    `SELECT count(*)::int AS n, md5(coalesce(string_agg(stream_id || '@' || revision, '|' ORDER BY stream_id), '')) AS digest
       FROM public.projection_stream_revisions WHERE projection = $1`,
    [projection.name],
  );
  prints.projection_stream_revisions = `${revisions.rows[0]!.n}:${revisions.rows[0]!.digest}`;
  return prints;
}

/**
 * Until every projection's checkpoint has passed the last event committed when this was called.
 * Lag alone is not enough: it counts only events older than the cluster's oldest running
 * transaction, so any transaction holding an id (the runner's own batch, autovacuum's ANALYZE,
 * another database's writer) hides a just-appended event from it (and from the projections) for a
 * while, and "no lag" would come back before that event is applied.
 * Returns how long it took.
 */
export async function waitCaughtUp(pool: Pool): Promise<number> {
  const started = Date.now();
  const head = await pool.query<{ txid: string; position: string }>(
    'SELECT transaction_id::text AS txid, global_position::text AS position FROM events ORDER BY transaction_id DESC, global_position DESC LIMIT 1',
  );
  const names = allProjections.map((projection) => projection.name);
  for (;;) {
    const behind = head.rows[0] ? await projectionsBefore(pool, names, head.rows[0]) : [];
    const lags = await readProjectionLag(pool, names);
    if (behind.length === 0 && lags.every((lag) => lag.lagEvents === 0)) return Date.now() - started;
    if (Date.now() - started > 400_000) throw new Error(`not caught up: ${JSON.stringify({ behind, lags })}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The projections whose checkpoint is before the given event (or that have none). */
async function projectionsBefore(pool: Pool, names: string[], event: { txid: string; position: string }): Promise<string[]> {
  const result = await pool.query<{ name: string }>(
    `SELECT n.name FROM unnest($1::text[]) AS n(name) LEFT JOIN projection_checkpoints c ON c.name = n.name
      WHERE c.name IS NULL OR (c.transaction_id, c.global_position) < ($2::bigint, $3::bigint)`,
    [names, event.txid, event.position],
  );
  return result.rows.map((row) => row.name);
}
