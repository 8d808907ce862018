import {
  keepListening,
  inTransaction,
  ConcurrencyError,
  START,
  type Pool,
  type PoolClient,
  type AppendResult,
  type EventStore,
  type ExpectedRevision,
  type GlobalCheckpoint,
  type NewEvent,
  type ReadAllOptions,
  type StoredEvent,
  type SubscribeOptions,
  type WholeLogOptions,
  type Subscription,
} from '@shop/infra';
import { appendSignalFor, NOTIFY_CHANNEL } from './append-signal.js';
import { catchUpSubscription } from './catch-up-subscription.js';
import { readAhead } from './read-ahead.js';
import { countLogEvents, readLogPages, storedEventOfRaw } from './log-pages.js';

interface EventRow {
  global_position: number;
  txid: string;
  event_id: string;
  stream_id: string;
  stream_revision: number;
  event_type: string;
  schema_version: number;
  data: Record<string, unknown>;
  metadata: StoredEvent['metadata'];
  /** Only selected by readStream. */
  recorded_at?: string | null;
}

/** What a sealed append stores beside its events (personal-data/protected-event-store.ts). */
export interface PersonalDataWrites {
  /** A data key made for a person this writer found no key of, wrapped under `kekId`. */
  newKey: { personId: string; wrapped: Buffer; kekId: string } | null;
  /** The stream's subject after the append, when the append names one. */
  subject: string | null;
  /** The stream's recorded subject that events were sealed for (null: none was); the append stores nothing when it has changed. */
  sealedFor: string | null;
}

/** What the sealed append raises when the stream's subject is no longer the one its events were sealed for. */
const SUBJECT_CHANGED = 'SPD01';

/** A person's row in personal_data_keys as a refused key insert found it. */
export interface FoundKeyRow {
  dataKey: Buffer | null;
  kekId: string | null;
}

export interface PostgresEventStoreOptions {
  /** Fault injection for tests: runs inside the append transaction just before COMMIT. */
  beforeCommit?: () => Promise<void>;
  /** How often a subscription polls when no notification arrives. */
  pollIntervalMs?: number;
}

// Only rows written by transactions older than every transaction still in flight that might
// append here are readable: a later commit can then never land before what a reader has already
// passed. Transactions of other databases and those marked shop_not_appending() hold no reader
// back (shop_read_horizon, decision 0231).
const READ_ALL_SQL = `
  SELECT global_position, transaction_id::text AS txid, event_id, stream_id, stream_revision,
         event_type, schema_version, data, metadata
    FROM events
   WHERE (transaction_id, global_position) > ($1::text::xid8, $2)
     AND transaction_id < (SELECT shop_read_horizon())
   ORDER BY events.transaction_id, events.global_position
   LIMIT $3`;

interface AppendRow {
  outcome: 'ok' | 'duplicate' | 'conflict' | 'key_not_made';
  revision: string;
  found_key?: Buffer | null;
  found_kek?: string | null;
  found?: boolean;
}

async function callAppend(
  db: Pool | PoolClient,
  fn: 'shop_append_events' | 'shop_append_sealed_events',
  streamId: string,
  events: NewEvent[],
  expected: ExpectedRevision,
  extra: unknown[],
): Promise<AppendRow> {
  const sealed = fn === 'shop_append_sealed_events';
  const result = await db.query<AppendRow>(
    `SELECT outcome, revision::text AS revision${sealed ? ', found_key, found_kek, found' : ''}
       FROM ${fn}($1, $2, $3::uuid[], $4::text[], $5::int[], $6::jsonb[], $7::jsonb[]${sealed ? ', $8, $9::bytea, $10, $11, $12' : ''})`,
    [
      streamId,
      String(expected),
      events.map((event) => event.id),
      events.map((event) => event.type),
      events.map((event) => event.schemaVersion ?? 1),
      events.map((event) => JSON.stringify(event.data)),
      events.map((event) => JSON.stringify(event.metadata)),
      ...extra,
    ],
  );
  return result.rows[0]!;
}

function appended(streamId: string, expected: ExpectedRevision, row: AppendRow): AppendResult {
  const revision = Number(row.revision);
  if (row.outcome === 'conflict') throw new ConcurrencyError(streamId, expected, revision >= 0 ? revision : null);
  return { nextRevision: revision };
}

export class PostgresEventStore implements EventStore {
  constructor(
    private readonly pool: Pool,
    private readonly options: PostgresEventStoreOptions = {},
  ) {}

  async appendToStream(
    streamId: string,
    events: NewEvent[],
    { expectedRevision = 'any' }: { expectedRevision?: ExpectedRevision } = {},
  ): Promise<AppendResult> {
    if (events.length === 0) throw new Error('appendToStream needs at least one event');
    const { beforeCommit } = this.options;
    const result = beforeCommit
      ? // With a commit delay (tests), the same append runs inside an explicit transaction.
        await inTransaction(this.pool, async (client) => {
          const appended = await this.append(client, streamId, events, expectedRevision);
          await beforeCommit();
          return appended;
        })
      : await this.append(this.pool, streamId, events, expectedRevision);
    // Committed: wake the readers (see append-signal.ts for why not inside the transaction).
    appendSignalFor(this.pool).appended();
    return result;
  }

  /**
   * A sealed append's events with what it stores beside them, in one transaction and one round
   * trip (decision 0241): a new person's data key, the stream's subject. `keyNotMade` when the key
   * was not stored (the person has a row, or the key-encryption key moved on): nothing was
   * appended, and it holds that person's row (null: none). `subjectChanged` when the stream's
   * subject is no longer `sealedFor` (a transfer): nothing was stored.
   */
  async appendWithPersonalData(
    streamId: string,
    events: NewEvent[],
    { expectedRevision = 'any' }: { expectedRevision?: ExpectedRevision },
    writes: PersonalDataWrites,
  ): Promise<AppendResult | { keyNotMade: FoundKeyRow | null } | { subjectChanged: true }> {
    if (events.length === 0) throw new Error('appendToStream needs at least one event');
    const { newKey, subject, sealedFor } = writes;
    const extra = [newKey?.personId ?? null, newKey?.wrapped ?? null, newKey?.kekId ?? null, subject, sealedFor];
    // The row is read after the commit: a refused revision still stored the key (it goes first).
    const run = (db: Pool | PoolClient) => callAppend(db, 'shop_append_sealed_events', streamId, events, expectedRevision, extra);
    const { beforeCommit } = this.options;
    const row = await (beforeCommit
      ? inTransaction(this.pool, async (client) => {
          const outcome = await run(client);
          await beforeCommit();
          return outcome;
        })
      : run(this.pool)
    ).catch((error: unknown) => {
      if ((error as { code?: string }).code === SUBJECT_CHANGED) return null;
      throw error;
    });
    if (row === null) return { subjectChanged: true };
    if (row.outcome === 'key_not_made') return { keyNotMade: row.found ? { dataKey: row.found_key ?? null, kekId: row.found_kek ?? null } : null };
    const result = appended(streamId, expectedRevision, row);
    appendSignalFor(this.pool).appended();
    return result;
  }

  /** One round trip: the stored function does the locking, checks and inserts (see its migration). */
  private async append(db: Pool | PoolClient, streamId: string, events: NewEvent[], expected: ExpectedRevision): Promise<AppendResult> {
    return appended(streamId, expected, await callAppend(db, 'shop_append_events', streamId, events, expected, []));
  }

  async readStream(streamId: string, { fromRevision = 0, maxCount = 1_000_000 } = {}): Promise<StoredEvent[]> {
    const result = await this.pool.query<EventRow>(
      `SELECT global_position, transaction_id::text AS txid, event_id, stream_id, stream_revision,
              event_type, schema_version, data, metadata,
              to_char(recorded_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS recorded_at
         FROM events WHERE stream_id = $1 AND stream_revision >= $2
        ORDER BY stream_revision LIMIT $3`,
      [streamId, fromRevision, maxCount],
    );
    return result.rows.map(toStoredEvent);
  }

  async readAll({ from = START, limit = 1000 }: ReadAllOptions = {}): Promise<StoredEvent[]> {
    const result = await this.pool.query<EventRow>(READ_ALL_SQL, [String(from.transactionId), from.position, limit]);
    return result.rows.map(toStoredEvent);
  }

  readAllPages(options?: ReadAllOptions): AsyncIterable<StoredEvent[]> {
    return readAhead((from, limit) => this.readAll({ from, limit }), options);
  }

  /** Pages read with COPY (log-pages.ts), on a connection of their own. */
  async *readLog({ asOf = null, pageSize = 5000 }: WholeLogOptions = {}): AsyncIterable<StoredEvent[]> {
    for await (const page of readLogPages(this.pool, { asOf, pageSize })) yield page.map(storedEventOfRaw);
  }

  countLog({ asOf = null }: WholeLogOptions = {}): Promise<number> {
    return countLogEvents(this.pool, asOf);
  }

  subscribeToAll(options: SubscribeOptions): Subscription {
    return catchUpSubscription({
      readAll: (from, limit) => this.readAll({ from, limit }),
      listen: (wake) => this.listen(wake),
      pollIntervalMs: this.options.pollIntervalMs ?? 250,
      ...options,
    });
  }

  /**
   * Appends through this pool wake at once; LISTEN on a dedicated connection hears the others
   * (and ignores this pool's own NOTIFYs). While the LISTEN is down (keepListening listens again)
   * the poll delivers; once it is back, what was appended meanwhile is read at once, not at the
   * next poll. Returns a function that stops listening.
   */
  private async listen(wake: () => void): Promise<() => Promise<void>> {
    const signal = appendSignalFor(this.pool);
    const stopLocal = signal.onAppend(wake);
    const listener = await keepListening(this.pool, [NOTIFY_CHANNEL], {
      // Our own NOTIFY comes back too; `onAppend` woke us for it already (decision 0282).
      notice: (message) => {
        if (!signal.sentByMe(message.payload)) wake();
      },
      connected: (again) => {
        if (again) wake();
      },
      lost: () => undefined,
    });
    return async () => {
      stopLocal();
      await listener.stop();
    };
  }

  async close(): Promise<void> {
    // The pool belongs to the caller.
  }
}

function toStoredEvent(row: EventRow): StoredEvent {
  const checkpoint: GlobalCheckpoint = { transactionId: Number(row.txid), position: Number(row.global_position) };
  return {
    id: row.event_id,
    type: row.event_type,
    schemaVersion: row.schema_version,
    data: row.data,
    metadata: row.metadata,
    streamId: row.stream_id,
    revision: Number(row.stream_revision),
    globalPosition: Number(row.global_position),
    checkpoint,
    ...(row.recorded_at ? { recordedAt: row.recorded_at } : {}),
  };
}
