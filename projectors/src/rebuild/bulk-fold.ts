import type { ProjectEvent } from '@shop/domain';
import type { StoredEvent } from '@shop/infra';
import { readProjectEvent, readStoredProjectEvent } from '../read-models/read-project-event.js';

/**
 * How a projection rebuilds in one pass (docs/decisions/0100-one-pass-rebuild.md): instead of
 * reading and writing its tables per event, it folds events in memory and hands rows to a sink
 * that streams them into the staging tables with COPY. Rows that belong to an event (logs) go
 * out as the events come; rows that hold a stream's folded state go out once, in `finish`.
 * A bulk fold must produce exactly the rows its projection's `apply` would leave behind.
 */
export interface BulkProjection {
  name: string;
  /** Every table the projection owns, with the columns the fold writes, in order. */
  columns: Readonly<Record<string, readonly string[]>>;
  /** A fresh fold: a rebuild makes one per projection. */
  create: () => BulkFold;
  /**
   * Tables of the projection the fold does not write: made by SQL from the schema's other tables
   * once the load is over (before indexes), e.g. counts over the rows. The statement for a schema.
   */
  derived?: Readonly<Record<string, (schema: string) => string>>;
}

export interface BulkFold {
  /** One event the projection handles, in the stream's order. */
  add: (event: StoredEvent, shared: SharedFolds, sink: RowSink) => void;
  /**
   * Rows that hold per-stream state, once every event has been added: lazily, so the writer can
   * send them in chunks instead of holding a second copy of every state as text.
   */
  finish: () => Iterable<TableRow>;
  /**
   * The last event of a stream has been added (the log holds no later one): that stream's
   * per-stream rows now, and the fold forgets it. Writing a stream's rows as soon as it is
   * complete spreads them over the load (PostgreSQL ingests them while later pages fold) and
   * lets its state be collected; streams never completed go out in `finish`.
   */
  complete?: (streamId: string) => Iterable<TableRow>;
}

export type TableRow = readonly [table: string, row: readonly unknown[]];

/**
 * `complete` and `finish` of a fold that keeps one state per stream in `states` and writes one
 * row of it (or none, for `rowOf` answering null).
 */
export function rowPerStream<S>(states: Map<string, S>, rowOf: (streamId: string, state: S) => TableRow | null): Pick<BulkFold, 'complete' | 'finish'> {
  return {
    complete: function* (streamId) {
      const state = states.get(streamId);
      if (state === undefined) return;
      states.delete(streamId);
      const row = rowOf(streamId, state);
      if (row) yield row;
    },
    finish: function* () {
      for (const [streamId, state] of states) {
        const row = rowOf(streamId, state);
        if (row) yield row;
      }
    },
  };
}

export interface RowSink {
  push: (table: string, row: readonly unknown[]) => void;
}

/**
 * What a rebuild's folds share: every project event is parsed once, however many projections
 * (projects, project_history, project_flow, revenue) read it.
 */
export class SharedFolds {
  private read: { event: StoredEvent; domainEvent: ProjectEvent } | null = null;
  /** The event being folded, when an upcaster changed it on the way from the log. */
  private upcast: StoredEvent | null = null;

  /** Said by the shard before it folds an event an upcaster changed: that one is read again, not trusted. */
  upcasting(event: StoredEvent): void {
    this.upcast = event;
  }

  /**
   * The project event the folds read, once per event: as the log holds it when nothing changed
   * it since the store parsed it at append (readStoredProjectEvent), read again when an upcaster
   * made it (readProjectEvent: an exact check, or zod, which refuses a bad one loudly).
   */
  projectEvent(event: StoredEvent): ProjectEvent {
    if (this.read?.event === event) return this.read.domainEvent;
    const domainEvent = this.upcast === event ? readProjectEvent(event.type, event.data) : readStoredProjectEvent(event.type, event.data);
    this.read = { event, domainEvent };
    return domainEvent;
  }
}
