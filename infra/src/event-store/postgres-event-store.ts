import type { Pool, PoolClient } from '../postgres/pool.js';
import {
  ConcurrencyError,
  START,
  type AppendResult,
  type EventStore,
  type ExpectedRevision,
  type GlobalCheckpoint,
  type NewEvent,
  type ReadAllOptions,
  type StoredEvent,
  type SubscribeOptions,
  type Subscription,
} from './event-store.js';
import { catchUpSubscription } from './catch-up-subscription.js';

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
}

export interface PostgresEventStoreOptions {
  /** Fault injection for tests: runs inside the append transaction just before COMMIT. */
  beforeCommit?: () => Promise<void>;
  /** How often a subscription polls when no notification arrives. */
  pollIntervalMs?: number;
}

const NOTIFY_CHANNEL = 'shop_events';

// Only rows written by transactions older than every transaction still in flight are
// readable: a later commit can then never land before what a reader has already passed.
const READ_ALL_SQL = `
  SELECT global_position, transaction_id::text AS txid, event_id, stream_id, stream_revision,
         event_type, schema_version, data, metadata
    FROM events
   WHERE (transaction_id, global_position) > ($1::text::xid8, $2)
     AND transaction_id < pg_snapshot_xmin(pg_current_snapshot())
   ORDER BY events.transaction_id, events.global_position
   LIMIT $3`;

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
    const client = await this.pool.connect();
    try {
      await client.query('BEGIN');
      const result = await this.appendInTransaction(client, streamId, events, expectedRevision);
      if (this.options.beforeCommit) await this.options.beforeCommit();
      await client.query('COMMIT');
      return result;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  }

  private async appendInTransaction(
    client: PoolClient,
    streamId: string,
    events: NewEvent[],
    expected: ExpectedRevision,
  ): Promise<AppendResult> {
    await client.query('INSERT INTO streams (stream_id, revision) VALUES ($1, -1) ON CONFLICT DO NOTHING', [streamId]);
    const locked = await client.query<{ revision: number }>('SELECT revision FROM streams WHERE stream_id = $1 FOR UPDATE', [
      streamId,
    ]);
    // Number(): another library in the process may have made pg parse bigint as BigInt.
    const current = Number(locked.rows[0]?.revision ?? -1);
    const already = await this.alreadyStored(client, streamId, events);
    if (already !== null) return already;
    checkExpected(streamId, expected, current);
    await insertEvents(client, streamId, events, current);
    const nextRevision = current + events.length;
    await client.query('UPDATE streams SET revision = $2 WHERE stream_id = $1', [streamId, nextRevision]);
    await client.query('SELECT pg_notify($1, $2)', [NOTIFY_CHANNEL, streamId]);
    return { nextRevision };
  }

  /** A retried append whose events are all stored already is a no-op (idempotency by event id). */
  private async alreadyStored(client: PoolClient, streamId: string, events: NewEvent[]): Promise<AppendResult | null> {
    const ids = events.map((event) => event.id);
    const found = await client.query<{ stream_id: string; stream_revision: number }>(
      'SELECT stream_id, stream_revision FROM events WHERE event_id = ANY($1::uuid[])',
      [ids],
    );
    if (found.rowCount === 0) return null;
    if (found.rowCount !== ids.length || found.rows.some((row) => row.stream_id !== streamId)) {
      throw new Error(`Events ${ids.join(', ')} were partly stored already or belong to another stream`);
    }
    return { nextRevision: Math.max(...found.rows.map((row) => Number(row.stream_revision))) };
  }

  async readStream(streamId: string, { fromRevision = 0, maxCount = 1_000_000 } = {}): Promise<StoredEvent[]> {
    const result = await this.pool.query<EventRow>(
      `SELECT global_position, transaction_id::text AS txid, event_id, stream_id, stream_revision,
              event_type, schema_version, data, metadata
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

  subscribeToAll(options: SubscribeOptions): Subscription {
    return catchUpSubscription({
      readAll: (from, limit) => this.readAll({ from, limit }),
      listen: (wake) => this.listen(wake),
      pollIntervalMs: this.options.pollIntervalMs ?? 250,
      ...options,
    });
  }

  /** LISTEN on a dedicated connection; returns a function that stops listening. */
  private async listen(wake: () => void): Promise<() => Promise<void>> {
    const client = await this.pool.connect();
    client.on('notification', wake);
    await client.query(`LISTEN ${NOTIFY_CHANNEL}`);
    return async () => {
      client.off('notification', wake);
      await client.query(`UNLISTEN ${NOTIFY_CHANNEL}`).catch(() => undefined);
      client.release();
    };
  }

  async close(): Promise<void> {
    // The pool belongs to the caller.
  }
}

function checkExpected(streamId: string, expected: ExpectedRevision, current: number): void {
  const exists = current >= 0;
  const ok =
    expected === 'any' ||
    (expected === 'no_stream' && !exists) ||
    (expected === 'stream_exists' && exists) ||
    (typeof expected === 'number' && expected === current);
  if (!ok) throw new ConcurrencyError(streamId, expected, exists ? current : null);
}

async function insertEvents(client: PoolClient, streamId: string, events: NewEvent[], current: number): Promise<void> {
  const values: unknown[] = [];
  const rows = events.map((event, index) => {
    const base = values.length;
    values.push(event.id, streamId, current + 1 + index, event.type, event.schemaVersion ?? 1, event.data, event.metadata);
    return `($${base + 1}, $${base + 2}, $${base + 3}, $${base + 4}, $${base + 5}, $${base + 6}, $${base + 7})`;
  });
  await client.query(
    `INSERT INTO events (event_id, stream_id, stream_revision, event_type, schema_version, data, metadata) VALUES ${rows.join(', ')}`,
    values,
  );
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
  };
}
