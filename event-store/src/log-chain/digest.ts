import type { Pool } from '@shop/infra';
import { merkleRoot, type StreamHead } from './merkle.js';

/** A seal of the log: the root over the heads of every stream among the events below `horizon`. */
export interface LogDigest {
  digestId: string;
  sealedAt: string;
  /** Events whose transaction id is below this (all finished when sealed) are covered. */
  horizon: string;
  eventCount: string;
  streamCount: string;
  root: Buffer;
  signature: Buffer;
  publicKey: string;
}

/** The exact text the signature is over, and what an auditor's copy of a digest holds. */
export function digestStatement(digest: Pick<LogDigest, 'sealedAt' | 'horizon' | 'eventCount' | 'streamCount' | 'root'>): string {
  return [
    'shop-log-digest/1',
    `sealed_at=${digest.sealedAt}`,
    `horizon=${digest.horizon}`,
    `events=${digest.eventCount}`,
    `streams=${digest.streamCount}`,
    `root=${digest.root.toString('hex')}`,
    '',
  ].join('\n');
}

/** The downloadable digest: its statement's fields, the signature and the public key that checks it. */
export function digestForAuditor(digest: LogDigest) {
  return {
    format: 'shop-log-digest/1',
    digestId: digest.digestId,
    sealedAt: digest.sealedAt,
    horizon: digest.horizon,
    events: digest.eventCount,
    streams: digest.streamCount,
    root: digest.root.toString('hex'),
    statement: digestStatement(digest),
    signature: digest.signature.toString('base64'),
    algorithm: 'Ed25519',
    publicKey: digest.publicKey,
  };
}

/** The heads of every stream among the events below `horizon`, from their stored chain hashes. */
export async function headsBelow(pool: Pool, horizon: string): Promise<CoveredHeads> {
  return headsWhere(pool, 'FROM events WHERE transaction_id < $1::text::xid8', horizon);
}

/**
 * The heads of the events a digest that came from a backup covered: those the bundle named with
 * this digest or an earlier one as their first covering digest (decision 0390).
 */
export async function headsFirstCoveredUpTo(pool: Pool, digestId: string): Promise<CoveredHeads> {
  return headsWhere(pool, 'FROM events JOIN restored_event_digests USING (event_id) WHERE first_digest_id <= $1::bigint', digestId);
}

interface CoveredHeads {
  heads: StreamHead[];
  eventCount: string;
  root: Buffer;
}

async function headsWhere(pool: Pool, selection: string, parameter: string): Promise<CoveredHeads> {
  const heads = await pool.query<{ stream_id: string; revision: string; event_hash: Buffer }>(
    `SELECT DISTINCT ON (stream_id) stream_id, stream_revision::text AS revision, event_hash
       ${selection} ORDER BY stream_id, stream_revision DESC`,
    [parameter],
  );
  const count = await pool.query<{ count: string }>(`SELECT count(*)::text AS count ${selection}`, [parameter]);
  const rows = heads.rows.map((row) => ({ streamId: row.stream_id, revision: row.revision, hash: row.event_hash }));
  return { heads: rows, eventCount: count.rows[0]!.count, root: merkleRoot(rows) };
}

const DIGEST_COLUMNS = `digest_id::text AS digest_id, to_char(sealed_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS sealed_at,
  horizon::text AS horizon, event_count::text AS event_count, stream_count::text AS stream_count, root, signature, public_key`;

interface DigestRow {
  digest_id: string;
  sealed_at: string;
  horizon: string;
  event_count: string;
  stream_count: string;
  root: Buffer;
  signature: Buffer;
  public_key: string;
}

export function toDigest(row: DigestRow): LogDigest {
  return {
    digestId: row.digest_id,
    sealedAt: row.sealed_at,
    horizon: row.horizon,
    eventCount: row.event_count,
    streamCount: row.stream_count,
    root: row.root,
    signature: row.signature,
    publicKey: row.public_key,
  };
}

export async function readDigests(pool: Pool): Promise<LogDigest[]> {
  const result = await pool.query<DigestRow>(`SELECT ${DIGEST_COLUMNS} FROM log_digests ORDER BY digest_id`);
  return result.rows.map(toDigest);
}

/** The newest seal, or null before the first: one row by the primary key, never a scan of the log. */
export async function readNewestDigest(pool: Pool): Promise<LogDigest | null> {
  const result = await pool.query<DigestRow>(`SELECT ${DIGEST_COLUMNS} FROM log_digests ORDER BY digest_id DESC LIMIT 1`);
  return result.rows[0] ? toDigest(result.rows[0]) : null;
}

export { DIGEST_COLUMNS, type DigestRow };
