import type pg from 'pg';
import type { Readable, Writable } from 'node:stream';
import { from as copyFrom, to as copyTo } from 'pg-copy-streams';
import { verifySignature, type LogSigningKey } from './signing-key.js';

/**
 * A restore of the log (decision 0390): digests up to `digestsThrough` came from the bundle and
 * select their events through `restored_event_digests`, since the restore gave every event its own
 * transaction's id; with `--until`, those from `beyondCutFrom` on sealed events the cut left out.
 */
export interface RestoreRecord {
  restoreId: string;
  restoredAt: string;
  backupTakenAt: string;
  until: string | null;
  digestsThrough: string | null;
  beyondCutFrom: string | null;
  /** Whether the bundle said which events each digest covered (bundles taken before decision 0390 did not). */
  coverageCarried: boolean;
  signature: Buffer | null;
  publicKey: string | null;
}

export type RestoreFields = Omit<RestoreRecord, 'restoreId' | 'signature' | 'publicKey'>;

/** The exact text a restore record's signature is over: the log-signing key vouches for the restore. */
export function restoreStatement(record: RestoreFields): string {
  return [
    'shop-log-restore/1',
    `restored_at=${record.restoredAt}`,
    `backup_taken_at=${record.backupTakenAt}`,
    `until=${record.until ?? ''}`,
    `digests_through=${record.digestsThrough ?? ''}`,
    `beyond_cut_from=${record.beyondCutFrom ?? ''}`,
    `coverage_carried=${record.coverageCarried}`,
    '',
  ].join('\n');
}

/** Whether the trusted key signed this record as it stands. */
export function restoreIsSigned(record: RestoreRecord, trustedPublicKey: string): boolean {
  return record.signature !== null && record.publicKey?.trim() === trustedPublicKey.trim() && verifySignature(trustedPublicKey, restoreStatement(record), record.signature);
}

const UTC = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

export async function readRestores(client: pg.ClientBase | pg.Pool): Promise<RestoreRecord[]> {
  const result = await client.query<{
    restore_id: string;
    restored_at: string;
    backup_taken_at: string;
    until: string | null;
    digests_through: string | null;
    beyond_cut_from: string | null;
    coverage_carried: boolean;
    signature: Buffer | null;
    public_key: string | null;
  }>(
    `SELECT restore_id::text AS restore_id, ${UTC('restored_at')} AS restored_at, ${UTC('backup_taken_at')} AS backup_taken_at,
            CASE WHEN until IS NULL THEN NULL ELSE ${UTC('until')} END AS until,
            digests_through::text AS digests_through, beyond_cut_from::text AS beyond_cut_from, coverage_carried, signature, public_key
       FROM log_restores ORDER BY restore_id`,
  );
  return result.rows.map((row) => ({
    restoreId: row.restore_id,
    restoredAt: row.restored_at,
    backupTakenAt: row.backup_taken_at,
    until: row.until,
    digestsThrough: row.digests_through,
    beyondCutFrom: row.beyond_cut_from,
    coverageCarried: row.coverage_carried,
    signature: row.signature,
    publicKey: row.public_key,
  }));
}

/** The highest digest id any of `restores` brought from a bundle; 0 when none did. */
export function restoredDigestsThrough(restores: readonly RestoreRecord[]): bigint {
  return restores.reduce((highest, restore) => (restore.digestsThrough !== null && BigInt(restore.digestsThrough) > highest ? BigInt(restore.digestsThrough) : highest), 0n);
}

/**
 * Digests sealed in this database (after its last restore) with the transaction ids each is the
 * first to cover: [below, horizon), `below` the highest horizon of the digests before it. An
 * event's first covering digest is the lowest digest id whose horizon is above its transaction id.
 */
async function localFirstCoverage(client: pg.ClientBase, through: bigint): Promise<Array<{ digestId: string; from: string; to: string }>> {
  const digests = await client.query<{ digest_id: string; horizon: string }>(
    'SELECT digest_id::text AS digest_id, horizon::text AS horizon FROM log_digests WHERE digest_id > $1 ORDER BY digest_id',
    [through.toString()],
  );
  const ranges: Array<{ digestId: string; from: string; to: string }> = [];
  let below = 0n;
  for (const { digest_id, horizon } of digests.rows) {
    if (BigInt(horizon) <= below) continue;
    ranges.push({ digestId: digest_id, from: below.toString(), to: horizon });
    below = BigInt(horizon);
  }
  return ranges;
}

/**
 * For the backup (decision 0390), in its snapshot: every event some digest covers, with the first
 * digest that covers it, as COPY text (`event_id`, `first_digest_id`). Events an earlier restore
 * brought keep the digest the bundle named; the others are placed by transaction id among the
 * digests sealed since. Returns the stream and the highest digest id the bundle carries.
 */
export async function copyFirstCoveringDigestsOut(client: pg.ClientBase): Promise<{ rows: Readable; digestsThrough: string | null }> {
  const through = restoredDigestsThrough(await readRestores(client));
  const ranges = await localFirstCoverage(client, through);
  const newest = await client.query<{ digest_id: string | null }>('SELECT max(digest_id)::text AS digest_id FROM log_digests');
  const ids = ranges.map((range) => range.digestId).join(',');
  const froms = ranges.map((range) => `'${range.from}'`).join(',');
  const tos = ranges.map((range) => `'${range.to}'`).join(',');
  // COPY takes no parameters: the ranges are digits this function made, written in as literals.
  const local = ranges.length === 0 ? '' : `
    UNION ALL
    SELECT e.event_id, r.digest_id
      FROM unnest(ARRAY[${ids}]::bigint[], ARRAY[${froms}]::xid8[], ARRAY[${tos}]::xid8[]) AS r(digest_id, lo, hi)
      JOIN events e ON e.transaction_id >= r.lo AND e.transaction_id < r.hi
     WHERE NOT EXISTS (SELECT 1 FROM restored_event_digests d WHERE d.event_id = e.event_id)`;
  const query = `SELECT d.event_id, d.first_digest_id FROM restored_event_digests d JOIN events e USING (event_id)${local}`;
  return { rows: client.query(copyTo(`COPY (${query}) TO STDOUT`)), digestsThrough: newest.rows[0]!.digest_id };
}

/** For the restore, in its loading transaction: a place for the bundle's first covering digests until the cut is made. */
export async function prepareFirstCoveringDigestsIn(client: pg.ClientBase): Promise<void> {
  await client.query('CREATE TEMPORARY TABLE bundle_first_digests (event_id uuid NOT NULL, first_digest_id bigint NOT NULL) ON COMMIT DROP');
}

/** The bundle's entry (COPY text, as copyFirstCoveringDigestsOut wrote it) into that place. */
export function copyFirstCoveringDigestsIn(client: pg.ClientBase): Writable {
  return client.query(copyFrom('COPY bundle_first_digests (event_id, first_digest_id) FROM STDIN'));
}

/**
 * After the bundle is loaded (and cut), in the same transaction: the first covering digest of every
 * event the restore kept, and the signed record of the restore: which digests came from the bundle,
 * and, with a cut, the first of them that sealed an event the cut left out.
 */
export async function recordRestore(
  client: pg.ClientBase,
  restore: { backupTakenAt: string; until: Date | null; coverageCarried: boolean },
  key: LogSigningKey | null,
): Promise<RestoreRecord> {
  await client.query('INSERT INTO restored_event_digests (event_id, first_digest_id) SELECT b.event_id, b.first_digest_id FROM bundle_first_digests b JOIN events e USING (event_id)');
  const facts = await client.query<{ restored_at: string; backup_taken_at: string; until: string | null; digests_through: string | null; beyond_cut_from: string | null }>(
    `SELECT ${UTC('now()')} AS restored_at, ${UTC('$1::timestamptz')} AS backup_taken_at,
            CASE WHEN $2::timestamptz IS NULL THEN NULL ELSE ${UTC('$2::timestamptz')} END AS until,
            (SELECT max(digest_id)::text FROM log_digests) AS digests_through,
            (SELECT min(b.first_digest_id)::text FROM bundle_first_digests b WHERE NOT EXISTS (SELECT 1 FROM events e WHERE e.event_id = b.event_id)) AS beyond_cut_from`,
    [restore.backupTakenAt, restore.until],
  );
  const row = facts.rows[0]!;
  const fields: RestoreFields = {
    restoredAt: row.restored_at,
    backupTakenAt: row.backup_taken_at,
    until: row.until,
    digestsThrough: row.digests_through,
    beyondCutFrom: row.beyond_cut_from,
    coverageCarried: restore.coverageCarried,
  };
  const signature = key ? key.sign(restoreStatement(fields)) : null;
  const inserted = await client.query<{ restore_id: string }>(
    `INSERT INTO log_restores (restored_at, backup_taken_at, until, digests_through, beyond_cut_from, coverage_carried, signature, public_key)
     VALUES ($1::timestamptz, $2::timestamptz, $3::timestamptz, $4::bigint, $5::bigint, $6, $7, $8) RETURNING restore_id::text AS restore_id`,
    [fields.restoredAt, fields.backupTakenAt, fields.until, fields.digestsThrough, fields.beyondCutFrom, fields.coverageCarried, signature, key?.publicKeyPem ?? null],
  );
  return { restoreId: inserted.rows[0]!.restore_id, ...fields, signature, publicKey: key?.publicKeyPem ?? null };
}
