/**
 * The event store contract (DESIGN.md): one interface, several adapters, one contract suite
 * (`event-store.contract.ts`) that every adapter must pass.
 */

export interface EventMetadata {
  /** User id of whoever caused the event; 'system' for the shop itself. */
  actor: string;
  correlationId: string;
  causationId: string | null;
  /** ISO time from the injected clock. */
  occurredAt: string;
  /** Written by `npm run demo-data`, not by the shop's customers or staff (decision 0349). */
  demo?: true;
  /**
   * The W3C trace context of the append that wrote the event, only when tracing is on (decision
   * 0400): the projection batch and the live push it leads to join the write's trace by it.
   */
  traceparent?: string;
}

/** An event on its way in: the id is chosen by the caller so retries are idempotent. */
export interface NewEvent {
  id: string;
  type: string;
  schemaVersion?: number;
  data: Record<string, unknown>;
  metadata: EventMetadata;
}

/** A resume point in the global order; opaque to callers, comparable by the store. */
export interface GlobalCheckpoint {
  transactionId: number;
  position: number;
}

export const START: GlobalCheckpoint = { transactionId: 0, position: 0 };

export interface StoredEvent {
  id: string;
  type: string;
  schemaVersion: number;
  data: Record<string, unknown>;
  metadata: EventMetadata;
  streamId: string;
  /** 0-based revision of the event within its stream. */
  revision: number;
  globalPosition: number;
  /** Where to resume to read everything after this event. */
  checkpoint: GlobalCheckpoint;
  /**
   * The database's clock when appended (`events.recorded_at`, decision 0348), ISO with
   * microseconds; only a stream read of the PostgreSQL store gives it (the staff audit, decision
   * 0351), and not for events appended before the column.
   */
  recordedAt?: string;
}

/**
 * 'any': append whatever the stream holds; 'no_stream': the stream must not exist;
 * 'stream_exists': it must exist; a number: its current revision must be exactly that.
 */
export type ExpectedRevision = 'any' | 'no_stream' | 'stream_exists' | number;

export interface AppendResult {
  /** Revision of the stream's last event after the append. */
  nextRevision: number;
}

export class ConcurrencyError extends Error {
  constructor(
    readonly streamId: string,
    readonly expected: ExpectedRevision,
    readonly actual: number | null,
  ) {
    super(`Stream ${streamId} was changed by someone else (expected ${String(expected)}, found ${actual ?? 'no stream'}).`);
    this.name = 'ConcurrencyError';
  }
}

export interface ReadAllOptions {
  from?: GlobalCheckpoint;
  limit?: number;
}

/** A read of the whole log (`readLog`). */
export interface WholeLogOptions {
  /** The log as it stood at this instant: only events the store had recorded by then. */
  asOf?: Date | null;
  /** Events per page; default 5,000. */
  pageSize?: number;
}

export interface Subscription {
  stop: () => Promise<void>;
}

export interface SubscribeOptions {
  from?: GlobalCheckpoint;
  batchSize?: number;
  /** Called with each batch in global order; the next batch waits until it resolves. */
  onBatch: (events: StoredEvent[]) => Promise<void>;
  onError?: (error: unknown) => void;
}

export interface EventStore {
  appendToStream(streamId: string, events: NewEvent[], options?: { expectedRevision?: ExpectedRevision }): Promise<AppendResult>;
  /** Events of one stream in revision order; empty when it does not exist. */
  readStream(streamId: string, options?: { fromRevision?: number; maxCount?: number }): Promise<StoredEvent[]>;
  /** Events of all streams in global order, strictly after `from`. */
  readAll(options?: ReadAllOptions): Promise<StoredEvent[]>;
  /**
   * The same pages as `readAll` from `from` until one comes back empty, each next page read while
   * the caller works on the one before (read-ahead.ts): for replays, exports, whole-log readers.
   */
  readAllPages(options?: ReadAllOptions): AsyncIterable<StoredEvent[]>;
  /**
   * The whole log as it stands when the read begins (nothing appended later is read), in global
   * order and in pages, each next page read while the caller works on the one before: for
   * rebuilds, reports and exports (decision 0421).
   */
  readLog(options?: WholeLogOptions): AsyncIterable<StoredEvent[]>;
  /** How many events `readLog` with the same options would read if it began now (for progress). */
  countLog(options?: WholeLogOptions): Promise<number>;
  /** Catch-up subscription: everything after `from`, then new events as they commit. */
  subscribeToAll(options: SubscribeOptions): Subscription;
  close(): Promise<void>;
}
