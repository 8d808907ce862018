import type { Pool } from '../postgres/pool.js';

/** A stream a projection could not apply and skips until a retry succeeds (decision 0111). */
export interface ParkedStream {
  projection: string;
  streamId: string;
  /** The last revision of the stream the projection applied (-1: none). */
  appliedRevision: number;
  eventId: string;
  eventType: string;
  eventRevision: number;
  error: string;
  parkedAt: string;
  /** Set while a retry is waiting for the process that feeds the projection. */
  retryRequestedAt: string | null;
}

/** Every parked stream, oldest first: read from the database so any process can report them. */
export async function readParkedStreams(pool: Pool): Promise<ParkedStream[]> {
  const { rows } = await pool.query<{
    projection: string;
    stream_id: string;
    revision: string;
    parked_event_id: string;
    parked_event_type: string;
    parked_revision: string;
    parked_error: string;
    parked_at: Date;
    retry_requested_at: Date | null;
  }>(
    `SELECT projection, stream_id, revision, parked_event_id, parked_event_type, parked_revision, parked_error, parked_at, retry_requested_at
       FROM projection_stream_revisions WHERE parked_at IS NOT NULL ORDER BY parked_at, projection, stream_id`,
  );
  return rows.map((row) => ({
    projection: row.projection,
    streamId: row.stream_id,
    appliedRevision: Number(row.revision),
    eventId: row.parked_event_id,
    eventType: row.parked_event_type,
    eventRevision: Number(row.parked_revision),
    error: row.parked_error,
    parkedAt: row.parked_at.toISOString(),
    retryRequestedAt: row.retry_requested_at?.toISOString() ?? null,
  }));
}

/**
 * Asks for a retry of a parked stream; the process feeding the projection picks it up within a
 * second or so. False when that stream is not parked for that projection.
 */
export async function requestParkedRetry(pool: Pool, projection: string, streamId: string): Promise<boolean> {
  const result = await pool.query(
    'UPDATE projection_stream_revisions SET retry_requested_at = now() WHERE projection = $1 AND stream_id = $2 AND parked_at IS NOT NULL',
    [projection, streamId],
  );
  return (result.rowCount ?? 0) > 0;
}
