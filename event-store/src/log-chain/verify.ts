import type { Pool } from '@shop/infra';
import { digestStatement, headsBelow, headsFirstCoveredUpTo, readDigests, type LogDigest } from './digest.js';
import { eventHash, HASHED_COLUMNS_SQL } from './event-hash.js';
import { readRestores, restoreIsSigned, restoredDigestsThrough, type RestoreRecord } from './restore-record.js';
import { readRewrites, rootBeforeRechains, type LoggedRewrite } from './rewrites.js';
import { verifySignature } from './signing-key.js';

/** Something in the log that its chain or its digests say is not as appended. */
export interface LogFault {
  kind: 'changed' | 'removed' | 'inserted' | 'digest' | 'restore';
  message: string;
  eventId?: string;
  streamId?: string;
  streamRevision?: string;
  /** The event's place in the global read order (transaction id, position). */
  transactionId?: string;
  globalPosition?: string;
  digestId?: string;
}

export interface LogVerification {
  events: number;
  streams: number;
  /** In the log's read order; faults without an event of their own (a stream's removed tail, a digest) last. */
  faults: LogFault[];
  digests: number;
  /** The newest digest that verified, when the whole chain did. */
  verifiedUpTo: LogDigest | null;
  /**
   * Digests from a bundle, signed by the trusted key, that sealed events a restore's `--until` cut
   * left out: they cannot cover the log the restore kept, and are not checked against it (decision 0390).
   */
  beyondCut: Array<{ digest: LogDigest; restore: RestoreRecord }>;
  /**
   * Digests a restore brought from a bundle taken before decision 0390, which did not say which
   * events each covered: signatures checked, roots not checkable against the restored log. Listed
   * here once a digest sealed after that restore verifies the restored log; until then each is a fault.
   */
  beforeCoverage: Array<{ digest: LogDigest; restore: RestoreRecord }>;
  /** Every rewrite made through the logged path (decision 0345), oldest first: an auditor reads each. */
  rewrites: LoggedRewrite[];
  /**
   * Digests sealed before a logged rewrite whose re-chain gave some of their heads new hashes: they
   * verified with the hashes the re-chain replaced (decision 0455), so the log is as they sealed it
   * but for what those rewrites changed.
   */
  sealedBeforeRewrites: Array<{ digest: LogDigest; rewrites: LoggedRewrite[] }>;
}

interface ChainRow {
  txid: string;
  global_position: string;
  event_hash: Buffer;
  stream_head: string | null;
  event_id: string;
  stream_id: string;
  stream_revision: string;
  event_type: string;
  schema_version: string;
  data: string;
  metadata: string;
  recorded_at: string;
}

const PAGE = 2000;

/**
 * Recomputes every stream's chain from the stored columns, then checks every restore record's and
 * every digest's signature and every digest's root: over the events below its horizon, or, for a
 * digest a restore brought from a bundle, over the events the bundle named it as covering.
 */
export async function verifyLog(pool: Pool, trustedPublicKey: string): Promise<LogVerification> {
  const chain = await verifyChains(pool);
  const digests = await readDigests(pool);
  const faults = [...chain.faults];
  const restores: RestoreRecord[] = [];
  for (const restore of await readRestores(pool)) {
    if (restoreIsSigned(restore, trustedPublicKey)) restores.push(restore);
    else faults.push({ kind: 'restore', message: `restore record ${restore.restoreId} (restored at ${restore.restoredAt}) is not signed by the trusted key: a restore did not write it as it stands` });
  }
  const restoredThrough = restoredDigestsThrough(restores);
  const rewrites = await readRewrites(pool);
  let verifiedUpTo: LogDigest | null = null;
  const beyondCut: LogVerification['beyondCut'] = [];
  const sealedBeforeRewrites: LogVerification['sealedBeforeRewrites'] = [];
  const outcomes: DigestOutcome[] = [];
  for (const digest of digests) outcomes.push(await digestOutcome(pool, digest, trustedPublicKey, BigInt(digest.digestId) <= restoredThrough ? restores : null, rewrites));
  // A restore of a bundle that did not carry its digests' coverage is sealed anew once a digest sealed since it verifies.
  const rootChecked = digests.filter((_, index) => !outcomes[index]!.fault && !outcomes[index]!.cutBy && !outcomes[index]!.uncheckedFrom);
  const sealedSince = (restore: RestoreRecord) => rootChecked.some((digest) => BigInt(digest.digestId) > BigInt(restore.digestsThrough ?? '0'));
  const beforeCoverage: LogVerification['beforeCoverage'] = [];
  for (const [index, digest] of digests.entries()) {
    const outcome = outcomes[index]!;
    if (outcome.fault) faults.push(outcome.fault);
    else if (outcome.cutBy) beyondCut.push({ digest, restore: outcome.cutBy });
    else if (outcome.uncheckedFrom && sealedSince(outcome.uncheckedFrom)) beforeCoverage.push({ digest, restore: outcome.uncheckedFrom });
    else if (outcome.uncheckedFrom) {
      faults.push({
        kind: 'digest',
        digestId: digest.digestId,
        message:
          `digest ${digest.digestId} sealed at ${digest.sealedAt}: it came from a backup that did not say which events each digest covered (taken before decision 0390), ` +
          'so it cannot be checked against the restored log, and no digest sealed since the restore seals that log yet: start the shop once',
      });
    } else {
      if (outcome.throughRewrites) sealedBeforeRewrites.push({ digest, rewrites: outcome.throughRewrites });
      if (chain.faults.length === 0) verifiedUpTo = digest;
    }
  }
  return { events: chain.events, streams: chain.streams, faults, digests: digests.length, verifiedUpTo, beyondCut, beforeCoverage, rewrites, sealedBeforeRewrites };
}

async function verifyChains(pool: Pool): Promise<{ events: number; streams: number; faults: LogFault[] }> {
  const located: LogFault[] = [];
  const tails: LogFault[] = [];
  let previous: ChainRow | null = null;
  let events = 0;
  let streams = 0;
  const endOfStream = (last: ChainRow) => {
    if (last.stream_head === null) {
      tails.push({ kind: 'inserted', streamId: last.stream_id, message: `stream ${JSON.stringify(last.stream_id)} has events but was never appended to (no stream row)` });
    } else if (BigInt(last.stream_head) !== BigInt(last.stream_revision)) {
      tails.push({
        kind: BigInt(last.stream_head) > BigInt(last.stream_revision) ? 'removed' : 'inserted',
        streamId: last.stream_id,
        message: `stream ${JSON.stringify(last.stream_id)} ends at revision ${last.stream_revision} but was appended up to revision ${last.stream_head}`,
      });
    }
  };
  for (let page = await chainPage(pool, null); page.length > 0; page = await chainPage(pool, page.at(-1)!)) {
    for (const row of page) {
      events++;
      const sameStream = previous !== null && previous.stream_id === row.stream_id;
      if (!sameStream) {
        if (previous) endOfStream(previous);
        streams++;
      }
      const expected = sameStream ? BigInt(previous!.stream_revision) + 1n : 0n;
      const fault = rowFault(row, expected, sameStream ? previous!.event_hash : null);
      if (fault) located.push(fault);
      previous = row;
    }
  }
  if (previous) endOfStream(previous);
  tails.push(...(await removedStreams(pool)));
  located.sort((a, b) => compareBig(a.transactionId!, b.transactionId!) || compareBig(a.globalPosition!, b.globalPosition!));
  return { events, streams, faults: [...located, ...tails] };
}

function rowFault(row: ChainRow, expectedRevision: bigint, previousHash: Buffer | null): LogFault | null {
  const where = {
    eventId: row.event_id,
    streamId: row.stream_id,
    streamRevision: row.stream_revision,
    transactionId: row.txid,
    globalPosition: row.global_position,
  };
  const named = `event ${row.event_id} (stream ${JSON.stringify(row.stream_id)} revision ${row.stream_revision}, position ${row.global_position})`;
  if (BigInt(row.stream_revision) !== expectedRevision) {
    return { kind: 'removed', ...where, message: `revisions ${expectedRevision} to ${BigInt(row.stream_revision) - 1n} of stream ${JSON.stringify(row.stream_id)} are missing before ${named}` };
  }
  const recomputed = eventHash(previousHash, {
    eventId: row.event_id,
    streamId: row.stream_id,
    streamRevision: row.stream_revision,
    eventType: row.event_type,
    schemaVersion: row.schema_version,
    data: row.data,
    metadata: row.metadata,
    recordedAt: row.recorded_at,
  });
  if (!recomputed.equals(row.event_hash)) {
    return { kind: 'changed', ...where, message: `${named} does not match its chain hash: it was changed, or inserted, after it was appended` };
  }
  return null;
}

async function chainPage(pool: Pool, after: ChainRow | null): Promise<ChainRow[]> {
  const result = await pool.query<ChainRow>(
    `SELECT e.transaction_id::text AS txid, e.global_position::text AS global_position, e.event_hash, s.revision::text AS stream_head,
            ${HASHED_COLUMNS_SQL}
       FROM events e LEFT JOIN streams s USING (stream_id)
      WHERE ($1::text IS NULL OR (e.stream_id, e.stream_revision) > ($1::text, $2::bigint))
      ORDER BY e.stream_id, e.stream_revision LIMIT ${PAGE}`,
    [after?.stream_id ?? null, after?.stream_revision ?? null],
  );
  return result.rows;
}

/** Streams appended to whose every event is gone. */
async function removedStreams(pool: Pool): Promise<LogFault[]> {
  const result = await pool.query<{ stream_id: string; revision: string }>(
    `SELECT s.stream_id, s.revision::text AS revision FROM streams s
      WHERE s.revision >= 0 AND NOT EXISTS (SELECT 1 FROM events e WHERE e.stream_id = s.stream_id) ORDER BY s.stream_id`,
  );
  return result.rows.map((row) => ({
    kind: 'removed' as const,
    streamId: row.stream_id,
    message: `every event of stream ${JSON.stringify(row.stream_id)} (revisions 0 to ${row.revision}) is missing`,
  }));
}

interface DigestOutcome {
  fault?: LogFault;
  /** The restore whose `--until` cut left out events this digest sealed. */
  cutBy?: RestoreRecord;
  /** The restore that brought this digest from a bundle taken before decision 0390. */
  uncheckedFrom?: RestoreRecord;
  /** The logged rewrites through whose re-chains it verified. */
  throughRewrites?: LoggedRewrite[];
}

/**
 * A digest's signature, then its root over the events it covers. `restores` is given when a restore
 * brought the digest from a bundle: its events are then the ones the bundle named, and a digest that
 * sealed events the restore's cut left out is set aside (`cutBy`), not failed.
 */
async function digestOutcome(
  pool: Pool,
  digest: LogDigest,
  trustedPublicKey: string,
  restores: RestoreRecord[] | null,
  rewrites: readonly LoggedRewrite[],
): Promise<DigestOutcome> {
  const fault = (message: string) => ({ fault: { kind: 'digest' as const, digestId: digest.digestId, message: `digest ${digest.digestId} sealed at ${digest.sealedAt}: ${message}` } });
  if (digest.publicKey.trim() !== trustedPublicKey.trim()) return fault('signed with a key that is not the trusted one');
  if (!verifySignature(trustedPublicKey, digestStatement(digest), digest.signature)) return fault('its signature does not verify');
  const id = BigInt(digest.digestId);
  const broughtBy = (restore: RestoreRecord) => restore.digestsThrough !== null && id <= BigInt(restore.digestsThrough);
  const cutBy = restores?.find((restore) => broughtBy(restore) && restore.beyondCutFrom !== null && id >= BigInt(restore.beyondCutFrom));
  if (cutBy) return { cutBy };
  const uncheckedFrom = restores?.find((restore) => broughtBy(restore) && !restore.coverageCarried);
  if (uncheckedFrom) return { uncheckedFrom };
  const { heads, eventCount, root } = restores ? await headsFirstCoveredUpTo(pool, digest.digestId) : await headsBelow(pool, digest.horizon);
  if (eventCount !== digest.eventCount || String(heads.length) !== digest.streamCount) {
    const where = restores ? 'among the restored events the backup named it as covering' : 'below its horizon';
    return fault(`it covered ${digest.eventCount} events in ${digest.streamCount} streams; the log now holds ${eventCount} in ${heads.length} ${where}`);
  }
  if (root.equals(digest.root)) return {};
  // Heads a logged rewrite re-chained since: the digest sealed the hashes the re-chain replaced (decision 0455).
  const beforeRechains = await rootBeforeRechains(pool, digest.digestId, heads);
  if (beforeRechains?.root.equals(digest.root)) {
    const through = rewrites.filter((rewrite) => beforeRechains.transactionIds.includes(rewrite.transactionId));
    if (through.length === beforeRechains.transactionIds.length) return { throughRewrites: through };
    return fault('it verifies only with hashes a re-chain replaced in a transaction that logged no rewrite (event_rechains written another way)');
  }
  return fault('the heads of the streams it covered are no longer the ones it sealed');
}

function compareBig(a: string, b: string): number {
  const difference = BigInt(a) - BigInt(b);
  return difference < 0n ? -1 : difference > 0n ? 1 : 0;
}
