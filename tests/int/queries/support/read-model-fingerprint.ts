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

/** Until every projection's checkpoint is at the end of the log; returns how long that took. */
export async function waitCaughtUp(pool: Pool): Promise<number> {
  const started = Date.now();
  for (;;) {
    const lags = await readProjectionLag(pool, allProjections.map((projection) => projection.name));
    if (lags.every((lag) => lag.lagEvents === 0)) return Date.now() - started;
    if (Date.now() - started > 400_000) throw new Error(`not caught up: ${JSON.stringify(lags)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
