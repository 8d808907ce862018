import { inTransaction, type EventStore, type Logger, type Pool, type StoredEvent } from '@shop/infra';
import { handledOf } from './apply-batch.js';
import { ProjectionFailedError, type Projection } from './projection.js';

/*
 * Poison events (decision 0111): when a projection throws on an event, the event's stream is
 * parked for that projection on its revision row, and the batch is applied again without it.
 * Every other stream and projection goes on; the parked stream's later events are skipped (its
 * revision does not move), so a retry after the fix applies everything it missed, once.
 */

/**
 * Runs `apply` (one batch), parking the stream of each event a projection rejects and running
 * it again without that stream, until it goes through. Errors that are not a projection
 * rejecting an event (the database went away) are thrown: the caller retries the whole batch.
 */
export async function applyParkingPoison<T>(pool: Pool, logger: Logger, apply: () => Promise<T>, schema?: string): Promise<T> {
  const parked = new Set<string>();
  for (;;) {
    try {
      return await apply();
    } catch (error) {
      if (!(error instanceof ProjectionFailedError)) throw error;
      const key = `${error.projection}/${error.event.streamId}`;
      // Parked already and still failing on it: the skip did not hold, so stop rather than loop.
      if (parked.has(key)) throw error;
      parked.add(key);
      await parkStream(pool, error, schema);
      logger.error({ projection: error.projection, streamId: error.event.streamId, eventId: error.event.id }, `${error.message}; stream parked`);
    }
  }
}

async function parkStream(pool: Pool, failure: ProjectionFailedError, schema?: string): Promise<void> {
  await inTransaction(pool, async (client) => {
    if (schema) await client.query(`SET LOCAL search_path TO "${schema}", public`);
    await client.query(
      `INSERT INTO projection_stream_revisions (projection, stream_id, revision, parked_at, parked_event_id, parked_event_type, parked_revision, parked_error)
       VALUES ($1, $2, -1, now(), $3, $4, $5, $6)
       ON CONFLICT (projection, stream_id) DO UPDATE SET parked_at = now(), parked_event_id = EXCLUDED.parked_event_id,
         parked_event_type = EXCLUDED.parked_event_type, parked_revision = EXCLUDED.parked_revision,
         parked_error = EXCLUDED.parked_error, retry_requested_at = NULL`,
      [failure.projection, failure.event.streamId, failure.event.id, failure.event.type, failure.event.revision, causeOf(failure)],
    );
  }, { appendsEvents: false });
}

const causeOf = (failure: ProjectionFailedError): string => (failure.cause instanceof Error ? failure.cause.message : String(failure.cause));

export type RetryOutcome = 'applied' | 'failed' | 'not-parked';

/**
 * Applies a parked stream's missing events to its projection from the store, in one transaction
 * that holds the revision row: a live batch reaching the same stream waits, then sees the new
 * revision and applies only what came after. A failure records the new error and leaves the
 * stream parked. `SKIP LOCKED`: when several processes take requests, one does each stream.
 */
export async function retryParkedStream(pool: Pool, eventStore: EventStore, projection: Projection, streamId: string): Promise<RetryOutcome> {
  return inTransaction(pool, async (client) => {
    const { rows } = await client.query<{ revision: string }>(
      `SELECT revision FROM projection_stream_revisions
        WHERE projection = $1 AND stream_id = $2 AND parked_at IS NOT NULL FOR UPDATE SKIP LOCKED`,
      [projection.name, streamId],
    );
    if (!rows[0]) return 'not-parked';
    const events = await eventStore.readStream(streamId, { fromRevision: Number(rows[0].revision) + 1 });
    await client.query('SAVEPOINT retry');
    let failing: StoredEvent | null = null;
    try {
      for (const event of events) {
        failing = event;
        const read = handledOf(projection, event);
        if (read.length > 0) await projection.apply(client, read);
      }
    } catch (error) {
      await client.query('ROLLBACK TO SAVEPOINT retry');
      await client.query(
        `UPDATE projection_stream_revisions SET parked_error = $3, retry_requested_at = NULL, parked_at = now(),
           parked_event_id = $4, parked_event_type = $5, parked_revision = $6
          WHERE projection = $1 AND stream_id = $2`,
        [projection.name, streamId, error instanceof Error ? error.message : String(error), failing?.id, failing?.type, failing?.revision],
      );
      return 'failed';
    }
    const last = events[events.length - 1];
    await client.query(
      `UPDATE projection_stream_revisions SET revision = greatest(revision, $3), parked_at = NULL, parked_event_id = NULL,
         parked_event_type = NULL, parked_revision = NULL, parked_error = NULL, retry_requested_at = NULL
        WHERE projection = $1 AND stream_id = $2`,
      [projection.name, streamId, last?.revision ?? -1],
    );
    return 'applied';
  }, { appendsEvents: false });
}

/**
 * Retries the parked streams staff asked to retry (`retry_requested_at`), for the projections
 * this process feeds. Called on a timer by the embedded runner and the Kafka feed.
 */
export async function retryRequestedStreams(pool: Pool, eventStore: EventStore, projections: readonly Projection[], logger: Logger): Promise<void> {
  const byName = new Map(projections.map((projection) => [projection.name, projection]));
  const { rows } = await pool.query<{ projection: string; stream_id: string }>(
    `SELECT projection, stream_id FROM projection_stream_revisions
      WHERE parked_at IS NOT NULL AND retry_requested_at IS NOT NULL AND projection = ANY($1)`,
    [[...byName.keys()]],
  );
  for (const row of rows) {
    const outcome = await retryParkedStream(pool, eventStore, byName.get(row.projection)!, row.stream_id);
    if (outcome !== 'not-parked') logger.info({ projection: row.projection, streamId: row.stream_id, outcome }, `parked stream retried: ${outcome}`);
  }
}

/** Runs `work` every `ms` without overlapping itself; returns a function that stops it. */
export function everyInterval(ms: number, work: () => Promise<void>, onError: (error: unknown) => void): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    work()
      .catch(onError)
      .finally(() => (running = false));
  }, ms);
  timer.unref();
  return () => clearInterval(timer);
}
