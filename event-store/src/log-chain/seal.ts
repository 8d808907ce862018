import type { Pool } from '@shop/infra';
import { DIGEST_COLUMNS, digestStatement, headsBelow, toDigest, type DigestRow, type LogDigest } from './digest.js';
import type { LogSigningKey } from './signing-key.js';

/**
 * Seals the log as it stands: the read horizon (every transaction below it has finished, so the
 * events below it never change set), the heads of every stream there, their Merkle root, signed
 * with the key outside PostgreSQL and stored in log_digests. Time is the database's.
 */
export async function sealLog(pool: Pool, key: LogSigningKey): Promise<LogDigest> {
  const now = await pool.query<{ horizon: string; sealed_at: string }>(
    `SELECT (SELECT shop_read_horizon())::text AS horizon,
            to_char(clock_timestamp() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS sealed_at`,
  );
  const { horizon, sealed_at: sealedAt } = now.rows[0]!;
  const { heads, eventCount, root } = await headsBelow(pool, horizon);
  const fields = { sealedAt, horizon, eventCount, streamCount: String(heads.length), root };
  const result = await pool.query<DigestRow>(
    `INSERT INTO log_digests (sealed_at, horizon, event_count, stream_count, root, signature, public_key)
     VALUES ($1::timestamptz, $2::text::xid8, $3, $4, $5, $6, $7) RETURNING ${DIGEST_COLUMNS}`,
    [sealedAt, horizon, eventCount, fields.streamCount, root, key.sign(digestStatement(fields)), key.publicKeyPem],
  );
  return toDigest(result.rows[0]!);
}

/**
 * Whether events were appended (below the read horizon) since the newest digest sealed in this
 * database, or none was sealed here yet. Digests a restore brought from a bundle do not count: their
 * horizons are another database's transaction ids, and the restored events are sealed here anew.
 */
export async function logNeedsSeal(pool: Pool): Promise<boolean> {
  const result = await pool.query<{ grown: boolean }>(
    `SELECT EXISTS (
       SELECT 1 FROM events
        WHERE transaction_id >= coalesce((SELECT horizon FROM log_digests
                                           WHERE digest_id > (SELECT coalesce(max(digests_through), 0) FROM log_restores)
                                           ORDER BY digest_id DESC LIMIT 1), '0'::xid8)
          AND transaction_id < (SELECT shop_read_horizon())) AS grown`,
  );
  return result.rows[0]!.grown;
}
