import type { Pool } from '@shop/infra';
import { merkleRoot, type StreamHead } from './merkle.js';

/** A rewrite of events through the one logged path (decision 0345): who, when, why, and what its re-chain replaced. */
export interface LoggedRewrite {
  transactionId: string;
  rewrittenAt: string;
  rewrittenBy: string;
  /** The reasons logged in that transaction, in order, joined by "; " (two migrations of one run each log theirs). */
  reason: string;
  /** Events whose chain hash shop_rechain_streams replaced in that transaction (decision 0455). */
  rechained: number;
  rechainedStreams: string[];
}

/** Every logged rewrite, oldest first (a restore's `--until` cut is one too). */
export async function readRewrites(pool: Pool): Promise<LoggedRewrite[]> {
  const result = await pool.query<{ transaction_id: string; rewritten_at: string; rewritten_by: string; reason: string; rechained: string; streams: string[] }>(
    `SELECT w.transaction_id::text AS transaction_id, to_char(min(w.rewritten_at) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS rewritten_at,
            string_agg(DISTINCT w.rewritten_by, ', ') AS rewritten_by, string_agg(w.reason, '; ' ORDER BY w.rewrite_id) AS reason,
            coalesce(min(c.rechained), 0)::text AS rechained, coalesce(min(c.streams), '{}') AS streams
       FROM event_rewrites w
       LEFT JOIN (SELECT transaction_id, count(*) AS rechained, array_agg(DISTINCT stream_id ORDER BY stream_id) AS streams
                    FROM event_rechains GROUP BY transaction_id) c USING (transaction_id)
      GROUP BY w.transaction_id ORDER BY min(w.rewritten_at), min(w.rewrite_id)`,
  );
  return result.rows.map((row) => ({
    transactionId: row.transaction_id,
    rewrittenAt: row.rewritten_at,
    rewrittenBy: row.rewritten_by,
    reason: row.reason,
    rechained: Number(row.rechained),
    rechainedStreams: row.streams,
  }));
}

/**
 * The root a digest would have over `heads` had every head that a later re-chain gave a new hash
 * kept the hash that digest sealed: for each head, the hash the first re-chain after the digest
 * replaced (event_rechains rows with `after_digest` at or above its id). Null when no re-chain
 * touched any of the heads. `transactionIds` are the re-chains' transactions it went through.
 */
export async function rootBeforeRechains(pool: Pool, digestId: string, heads: readonly StreamHead[]): Promise<{ root: Buffer; transactionIds: string[] } | null> {
  const replaced = await pool.query<{ stream_id: string; revision: string; sealed_hash: Buffer; transaction_id: string }>(
    `SELECT DISTINCT ON (c.stream_id, c.stream_revision) c.stream_id, c.stream_revision::text AS revision, c.sealed_hash, c.transaction_id::text AS transaction_id
       FROM event_rechains c
       JOIN unnest($2::text[], $3::bigint[]) AS h(stream_id, revision) ON h.stream_id = c.stream_id AND h.revision = c.stream_revision
      WHERE c.after_digest >= $1::bigint
      ORDER BY c.stream_id, c.stream_revision, c.rechain_id`,
    [digestId, heads.map((head) => head.streamId), heads.map((head) => head.revision)],
  );
  if (replaced.rows.length === 0) return null;
  const sealed = new Map(replaced.rows.map((row) => [`${row.revision}:${row.stream_id}`, row]));
  const asSealed = heads.map((head) => ({ ...head, hash: sealed.get(`${head.revision}:${head.streamId}`)?.sealed_hash ?? head.hash }));
  return { root: merkleRoot(asSealed), transactionIds: [...new Set(replaced.rows.map((row) => row.transaction_id))] };
}
