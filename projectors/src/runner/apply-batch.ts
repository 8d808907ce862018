import { isKnownEventType, UnknownEventTypeError } from '@shop/domain';
import { inSpan, inTransaction, inTransactionFrom, parentAndLinks, spanContextOf, sqlLiteral, type Pool, type PoolClient, type SpanContext, type StoredEvent } from '@shop/infra';
import { eventsAsRead } from '@shop/event-store';
import { advanceToApplied, saveCheckpoint } from './checkpoints.js';
import { ServerRestartedError, watchedSql } from './unflushed-watch.js';
import { LiveChanges } from './live-changes.js';
import { ProjectionFailedError, type Projection } from './projection.js';

// A projection's batch never appends: readers of the log need not wait for it (decision 0231).
const READ_MODELS_ONLY = { appendsEvents: false } as const;

export interface ApplyOptions {
  /** Redirects unqualified table names to fresh tables in this schema (rebuilds). */
  schema?: string;
  /** Name under which the checkpoint is stored; defaults to the projection's name. */
  checkpointName?: string;
  /** Store the global checkpoint (false when fed from Kafka, where offsets are the checkpoint). */
  saveGlobalCheckpoint?: boolean;
}

/**
 * Applies a batch to one projection in a single transaction: its rows, each stream's last
 * applied revision, and its checkpoint commit together. Events whose stream revision was
 * applied already are skipped, so redelivery (Kafka, a crash before an offset commit) is
 * harmless. Returns how many events the projection handled.
 */
export async function applyBatch(pool: Pool, projection: Projection, events: StoredEvent[], options: ApplyOptions = {}): Promise<number> {
  const last = events[events.length - 1];
  if (!last) return 0;
  return inTransaction(pool, async (client) => {
    if (options.schema) await client.query(`SET LOCAL search_path TO "${options.schema}", public`);
    const name = options.checkpointName ?? projection.name;
    const { revisions, parked } = await lockedRevisions(client, name, streamsOf(events));
    const toApply = newEvents(projection, events, revisions, parked);
    await applyEvents(client, projection, toApply);
    await saveRevisions(client, name, events, revisions);
    if (options.saveGlobalCheckpoint !== false) await saveCheckpoint(client, name, last.checkpoint);
    return toApply.length;
  }, READ_MODELS_ONLY);
}

/**
 * Applies a batch to several projections in ONE transaction (the embedded runner, which then
 * also moves every projection's checkpoint, and the Kafka feed, whose offsets are the checkpoint): each stream's
 * applied revisions are read once for all of them and locked, so a batch delivered twice
 * during a rebalance waits for the first delivery and then skips what it applied; the new
 * revisions (and checkpoints) are written in one statement. Returns how many events each projection
 * handled, and the revisions it committed.
 *
 * The first try takes no savepoints (on the live path every round trip is latency). When a
 * projection's `apply` throws on the batch, the transaction is rolled back and the batch is
 * applied again carefully: each projection's batch behind a savepoint, and the one that fails
 * again event by event (batches of one), so the failure names its event (a
 * ProjectionFailedError, which the caller parks).
 */
export async function applyBatchToAll(pool: Pool, projections: readonly Projection[], events: StoredEvent[], options: BatchOptions = {}): Promise<BatchApplied> {
  if (events.length === 0) return { handled: new Map(), revisions: new Map() };
  // One span per batch, never per event: the child of the first traced write and linked to each (decision 0400).
  const traced = parentAndLinks(options.traces ?? events.map((event) => spanContextOf(event.metadata.traceparent)));
  const attributes = { 'shop.events': events.length, 'shop.streams': new Set(events.map((event) => event.streamId)).size, 'shop.traced_events': traced.links.length };
  return inSpan(`project batch ${events.length} events`, { ...traced, attributes }, async () => {
    try {
      return await applyToAllOnce(pool, projections, events, options, applyEventsFast);
    } catch (error) {
      if (!(error instanceof BatchRejected)) throw error;
      return applyToAllOnce(pool, projections, events, options, applyEvents);
    }
  });
}

export interface BatchOptions {
  /** Store every projection's global checkpoint in the batch's transaction (false when fed from Kafka, whose offsets are the checkpoint). */
  saveGlobalCheckpoint?: boolean;
  /**
   * Commit without waiting for the WAL flush (decision 0294), given the caller's watch token
   * (unflushed-watch.ts), written before it last read its stored checkpoints. Only with
   * `saveGlobalCheckpoint`: a commit the server loses in a crash takes its checkpoint with it, so
   * reading on from the stored checkpoint applies the batch again. The batch's first statement
   * checks the token; when a crash recovery emptied it, it writes nothing and throws
   * ServerRestartedError, so the caller reads its checkpoints again before going on.
   */
  unflushedWatch?: string;
  /**
   * Fed out of the log's order (Kafka, decision 0305): one stream's events come in revision order
   * but may miss some. A stream whose next revision a projection has not seen throws StreamGapError
   * before anything is written, for the caller to fill from the event store; and each projection's
   * checkpoint moves, in the batch's transaction, as far as its revision rows show every event applied.
   */
  outOfOrder?: boolean;
  /**
   * The trace contexts the batch's events came with (the Kafka feed's receive spans); when not
   * given, each event's own `traceparent` from its metadata (the embedded runner reads the log).
   */
  traces?: SpanContext[];
}

/** Revisions of a stream a projection has not seen, before the event that came next. */
export interface StreamGap {
  projection: string;
  streamId: string;
  /** The first revision missing. */
  from: number;
  /** The event that came after the gap. */
  next: StoredEvent;
}

/** A batch would apply over a gap: nothing was written. */
export class StreamGapError extends Error {
  constructor(readonly gaps: StreamGap[]) {
    super(`revisions missing before ${gaps.map((gap) => `${gap.streamId}@${gap.next.revision} (${gap.projection}, from ${gap.from})`).join(', ')}`);
    this.name = 'StreamGapError';
  }
}

export interface BatchApplied {
  /** How many events each projection handled. */
  handled: Map<string, number>;
  /** Per projection, each stream of the batch with the revision written for it (a parked stream's stays put). */
  revisions: Map<string, ReadonlyMap<string, number>>;
}

type EventsApplier = (client: PoolClient, projection: Projection, events: StoredEvent[]) => Promise<void>;

async function applyToAllOnce(
  pool: Pool,
  projections: readonly Projection[],
  events: StoredEvent[],
  options: BatchOptions,
  applyTo: EventsApplier,
): Promise<BatchApplied> {
  const handled = new Map<string, number>();
  const committed = new Map<string, ReadonlyMap<string, number>>();
  const watch = options.saveGlobalCheckpoint === true ? options.unflushedWatch : undefined;
  const names = projections.map((projection) => projection.name);
  return inTransactionFrom<LockedRow, BatchApplied>(pool, lockRevisionsSql(names, streamsOf(events), watch), async (client, locked) => {
    const { applied, watched } = revisionsLocked(locked);
    if (watch !== undefined && !watched) throw new ServerRestartedError();
    if (options.outOfOrder) {
      const gaps = projections.flatMap((projection) => gapsIn(projection.name, events, applied.get(projection.name)));
      if (gaps.length > 0) throw new StreamGapError(gaps);
    }
    const rows: Array<[string, string, number]> = [];
    const live = new LiveChanges();
    for (const projection of projections) {
      const { revisions, parked } = applied.get(projection.name) ?? { revisions: new Map<string, number>(), parked: new Map<string, number>() };
      const toApply = newEvents(projection, events, revisions, parked);
      // Read before the rows change: who could read a stream until these events (decision 0247).
      const formerReaders = toApply.length > 0 ? await projection.formerReaders?.(client, toApply) : undefined;
      await applyTo(client, projection, toApply);
      live.add(projection.name, toApply, formerReaders);
      handled.set(projection.name, toApply.length);
      committed.set(projection.name, revisions);
      for (const [stream, revision] of revisions) rows.push([projection.name, stream, revision]);
    }
    const checkpoint = events[events.length - 1]!.checkpoint;
    // The revisions and checkpoints go in the live changes' statement, last, so the lock that orders those is held only for the commit.
    await live.record(client, {
      ctes: `revisions AS (
         UPDATE projection_stream_revisions r SET revision = GREATEST(r.revision, t.revision)
           FROM unnest($1::text[], $2::text[], $3::bigint[]) AS t(projection, stream_id, revision)
          WHERE r.projection = t.projection AND r.stream_id = t.stream_id RETURNING 1),
       checkpoints AS (
         INSERT INTO projection_checkpoints (name, transaction_id, global_position, updated_at)
         SELECT name, $5, $6, now() FROM unnest($4::text[]) AS name
         ON CONFLICT (name) DO UPDATE SET transaction_id = EXCLUDED.transaction_id,
           global_position = EXCLUDED.global_position, updated_at = now() RETURNING 1)`,
      counts: ['(SELECT count(*) FROM revisions)', '(SELECT count(*) FROM checkpoints)'],
      params: [
        rows.map((row) => row[0]),
        rows.map((row) => row[1]),
        rows.map((row) => row[2]),
        options.saveGlobalCheckpoint ? names : [],
        checkpoint.transactionId,
        checkpoint.position,
      ],
    });
    if (options.outOfOrder) await advanceToApplied(client, names);
    return { handled, revisions: committed };
  }, watch !== undefined ? { ...READ_MODELS_ONLY, waitForFlush: false } : READ_MODELS_ONLY);
}

type LockedRow = { projection: string; stream_id: string; revision: string; parked_revision: string | null; watched: boolean };

/**
 * Makes sure a revision row exists for every (projection, stream) and locks them all, in one
 * order and one statement: a row another delivery is inserting or holding makes this one wait
 * for its commit and then read what it wrote (ON CONFLICT DO UPDATE locks the newest version
 * and returns it), so two overlapping deliveries can never both take a stream as new. Sent with
 * BEGIN (decision 0294), so its values are inlined: JSON arrays, escaped as literals.
 */
function lockRevisionsSql(projections: string[], streams: string[], watch: string | undefined): string {
  const list = (values: string[]) => `jsonb_array_elements_text(${sqlLiteral(JSON.stringify(values))}::jsonb)`;
  return `INSERT INTO projection_stream_revisions AS r (projection, stream_id, revision)
     SELECT p, s, -1 FROM ${list(projections)} AS p, ${list(streams)} AS s ORDER BY p, s
     ON CONFLICT (projection, stream_id) DO UPDATE SET revision = r.revision
     RETURNING projection, stream_id, revision, parked_revision, ${watch === undefined ? 'true' : watchedSql(watch)} AS watched`;
}

function revisionsLocked(rows: LockedRow[]): { applied: Map<string, StreamRevisions>; watched: boolean } {
  const applied = new Map<string, StreamRevisions>();
  for (const row of rows) {
    let found = applied.get(row.projection);
    if (!found) applied.set(row.projection, (found = { revisions: new Map(), parked: new Map() }));
    found.revisions.set(row.stream_id, Number(row.revision));
    if (row.parked_revision !== null) found.parked.set(row.stream_id, Number(row.parked_revision));
  }
  return { applied, watched: rows[0]?.watched ?? true };
}

/** Thrown inside the fast try when a batched apply fails: the batch goes again carefully. */
class BatchRejected extends Error {}

/** No savepoints: any failure ends the transaction and asks for the careful try. */
async function applyEventsFast(client: PoolClient, projection: Projection, events: StoredEvent[]): Promise<void> {
  if (events.length === 0) return;
  try {
    await projection.apply(client, events);
  } catch (error) {
    if (isTransient(error)) throw error;
    throw new BatchRejected(`${projection.name} rejected a batch`, { cause: error });
  }
}

/**
 * The events of a batch a projection has not applied yet (moving `revisions` on), of the types it
 * handles, as today reads them (a split type's parts, nothing of a retired one: decision 0371).
 * A parked stream's events from the rejected one on are left out and its revision stays put, so
 * a retry finds them. An event of a type no code of today knows is never skipped: it is the
 * projection failing on that event, so its stream is parked (decision 0356).
 */
function newEvents(projection: Projection, events: StoredEvent[], revisions: Map<string, number>, parked: Map<string, number>): StoredEvent[] {
  const toApply: StoredEvent[] = [];
  for (const event of events) {
    if (event.revision >= (parked.get(event.streamId) ?? Infinity) || (revisions.get(event.streamId) ?? -1) >= event.revision) continue;
    revisions.set(event.streamId, event.revision);
    toApply.push(...handledOf(projection, event));
  }
  return toApply;
}

/** What a projection applies of one stored event, read as today reads it; an unknown type is refused. */
export function handledOf(projection: Projection, event: StoredEvent): StoredEvent[] {
  if (!projection.handles.includes(event.type) && !isKnownEventType(event.type)) {
    throw new ProjectionFailedError(projection.name, event, new UnknownEventTypeError(event.type, event.streamId));
  }
  return eventsAsRead(event).filter((read) => projection.handles.includes(read.type));
}


/** Where a batch would skip revisions of a stream (parked streams skip by design, so are left out). */
function gapsIn(projection: string, events: StoredEvent[], applied: StreamRevisions | undefined): StreamGap[] {
  const seen = new Map(applied?.revisions);
  const gaps = new Map<string, StreamGap>();
  for (const event of events) {
    if (event.revision >= (applied?.parked.get(event.streamId) ?? Infinity) || gaps.has(event.streamId)) continue;
    const last = seen.get(event.streamId) ?? -1;
    if (event.revision > last + 1) gaps.set(event.streamId, { projection, streamId: event.streamId, from: last + 1, next: event });
    seen.set(event.streamId, Math.max(last, event.revision));
  }
  return [...gaps.values()];
}

/** The batch behind a savepoint; when it fails, event by event, so the failure names its event. */
async function applyEvents(client: PoolClient, projection: Projection, events: StoredEvent[]): Promise<void> {
  if (events.length === 0) return;
  if (events.length > 1) {
    await client.query('SAVEPOINT apply_batch');
    try {
      await projection.apply(client, events);
      await client.query('RELEASE SAVEPOINT apply_batch');
      return;
    } catch {
      await client.query('ROLLBACK TO SAVEPOINT apply_batch');
    }
  }
  for (const event of events) await applyOne(client, projection, event);
}

/** A batch of one: a failure that is no transient one is this event's. */
async function applyOne(client: PoolClient, projection: Projection, event: StoredEvent): Promise<void> {
  try {
    await projection.apply(client, [event]);
  } catch (error) {
    // The database going away is no fault of the event: the whole batch is tried again.
    if (isTransient(error)) throw error;
    throw new ProjectionFailedError(projection.name, event, error);
  }
}

/** PostgreSQL error classes that say nothing about the event: connection, resources, operator, concurrency. */
const TRANSIENT_CLASSES = ['08', '53', '57', '40'];

function isTransient(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && TRANSIENT_CLASSES.includes(code.slice(0, 2))) return true;
  return error instanceof Error && /Connection terminated|ECONNREFUSED|ECONNRESET/.test(error.message);
}

interface StreamRevisions {
  revisions: Map<string, number>;
  /** Parked streams, each with the revision of the event its projection rejected. */
  parked: Map<string, number>;
}

const streamsOf = (events: StoredEvent[]): string[] => [...new Set(events.map((event) => event.streamId))];

/**
 * The revision rows a batch touches, locked (a parked-stream retry holds them too), with the
 * streams parked for the projection.
 */
async function lockedRevisions(client: PoolClient, projection: string, streams: string[]): Promise<StreamRevisions> {
  const { rows } = await client.query<{ stream_id: string; revision: string; parked_revision: string | null }>(
    `SELECT stream_id, revision, parked_revision FROM projection_stream_revisions
      WHERE projection = $1 AND stream_id = ANY($2) ORDER BY stream_id FOR UPDATE`,
    [projection, streams],
  );
  return {
    revisions: new Map(rows.map((row) => [row.stream_id, Number(row.revision)])),
    parked: new Map(rows.filter((row) => row.parked_revision !== null).map((row) => [row.stream_id, Number(row.parked_revision)])),
  };
}

async function saveRevisions(client: PoolClient, projection: string, events: StoredEvent[], applied: Map<string, number>) {
  const streams = streamsOf(events);
  await client.query(
    `INSERT INTO projection_stream_revisions (projection, stream_id, revision)
     SELECT $1, s, r FROM unnest($2::text[], $3::bigint[]) AS t(s, r)
     ON CONFLICT (projection, stream_id) DO UPDATE SET revision = GREATEST(projection_stream_revisions.revision, EXCLUDED.revision)`,
    [projection, streams, streams.map((stream) => applied.get(stream) ?? -1)],
  );
}
