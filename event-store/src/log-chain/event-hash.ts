import { createHash } from 'node:crypto';

/** An event's stored columns as text, exactly as PostgreSQL prints them (see ChainedEventRow's query). */
export interface HashedEventFields {
  eventId: string;
  streamId: string;
  streamRevision: string;
  eventType: string;
  schemaVersion: string;
  /** data::text: jsonb's canonical text output (decision 0346). */
  data: string;
  metadata: string;
  /** UTC ISO-8601 with microseconds, '' when the database never recorded it (events older than the chain). */
  recordedAt: string;
}

/** The SQL that prints a row's columns the way the hash reads them; `recorded` is the UTC text. */
export const HASHED_COLUMNS_SQL = `event_id::text AS event_id, stream_id, stream_revision::text AS stream_revision, event_type,
  schema_version::text AS schema_version, data::text AS data, metadata::text AS metadata,
  coalesce(to_char(recorded_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'), '') AS recorded_at`;

function field(value: string): string {
  return `${Buffer.byteLength(value, 'utf8')}:${value}\n`;
}

/**
 * sha256 over the previous event's hash in the stream (nothing at revision 0) and the event's own
 * fields, each as "<bytes>:<text>\n": the definition shop_chain_hashes() stores (migrations
 * append-only-hash-chained-log and chain-hashes-per-append), recomputed here independently of the database's function.
 */
export function eventHash(previous: Buffer | null, event: HashedEventFields): Buffer {
  const hash = createHash('sha256');
  if (previous) hash.update(previous);
  const { eventId, streamId, streamRevision, eventType, schemaVersion, data, metadata, recordedAt } = event;
  hash.update([eventId, streamId, streamRevision, eventType, schemaVersion, data, metadata, recordedAt].map(field).join(''), 'utf8');
  return hash.digest();
}
