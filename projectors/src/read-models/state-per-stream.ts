import type { ProjectEvent } from '@shop/domain';
import type { PoolClient, StoredEvent } from '@shop/infra';
import { rowPerStream, type BulkFold, type BulkProjection, type TableRow } from '../rebuild/bulk-fold.js';
import type { Projection } from '../runner/projection.js';
import { insertIntoTables, type TableRows } from './batched-inserts.js';
import { readProjectEvent } from './read-project-event.js';
import { streamsWithHistory } from './stream-batches.js';

/** A table's columns, in the order rows give their values, with their SQL types. */
export interface TableShape {
  columns: readonly string[];
  types: readonly string[];
}

/** How a fold reads a project event: parsed once per event for every fold in a rebuild, by schema live. */
export type ReadProjectEvent = (event: StoredEvent) => ProjectEvent;

/**
 * Tables that sum up the state rows (counts). Live they move by the difference of each batch's
 * streams; a rebuild makes them by SQL from the state table it loaded.
 */
export interface StateSummary<S> {
  /** The rows to upsert for streams that went from `before` to `after`, written with the batch's rows; `then` after that statement. */
  changes: (moves: ReadonlyArray<readonly [before: S | undefined, after: S]>) => { write: TableRows; then: (client: PoolClient) => Promise<void> } | null;
  /** Each summary table's statement for a schema, run once a rebuild's load is over. */
  derived: Readonly<Record<string, (schema: string) => string>>;
}

/** The table of one row per stream, made from the stream's folded state. */
export interface StateTable<S> extends TableShape {
  table: string;
  /** The row of a stream's state, `stream_id` first; null while it shows nothing. */
  row: (streamId: string, state: S) => unknown[] | null;
  /** The stored states of these streams; by default read back from the row's `stream_state`. */
  load?: (client: PoolClient, streamIds: string[]) => Promise<Map<string, S>>;
  /** A stored row is never changed, only made once (the first state wins). */
  keepStored?: boolean;
  /** Needs a step that answers a new state, never one changed in place: the state before a batch is compared with the one after. */
  summary?: StateSummary<S>;
}

/**
 * A read model made by folding events one at a time: it may keep one row per stream of the
 * stream's folded state, and may add rows of its own per event (logs). Defined once, so the live
 * batch and the one-pass rebuild run the same fold and cannot differ (decision 0470).
 */
export interface StatePerStream<S> {
  name: string;
  state?: StateTable<S>;
  /** Tables of rows each event adds, by name. */
  logs?: Readonly<Record<string, TableShape>>;
  /**
   * One event: the stream's state after it, or undefined when the event left it as it was, and the
   * log rows it adds. A step may change the state it is given in place (it is the fold's own copy).
   */
  step: (state: S | undefined, event: StoredEvent, read: ReadProjectEvent) => { state?: S | undefined; rows?: readonly TableRow[] };
  /**
   * Live only: work on rows already written that must come before this event's rows (an erasure
   * rewrites the logs before it). A rebuild needs none: it reads the log as it stands now.
   */
  rewriteBefore?: (event: StoredEvent) => ((client: PoolClient) => Promise<void>) | undefined;
}

// Live, a project event is read as every projection reads it (readProjectEvent: an exact check, zod
// when it says no); zod's parse alone would copy the whole ProjectCreated body for a field or two.
// A rebuild reads through its shared folds instead: parsed once for every projection (decision 0100).
const readLive: ReadProjectEvent = (event) => readProjectEvent(event.type, event.data);

export function statePerStream<S>(readModel: StatePerStream<S>): { apply: Projection['apply']; bulk: BulkProjection } {
  return { apply: liveBatch(readModel), bulk: oneFold(readModel) };
}

/** Every stream's stored state read in one statement, folded, written back in one with the logs. */
function liveBatch<S>(readModel: StatePerStream<S>): Projection['apply'] {
  const { state: shape, logs = {} } = readModel;
  const noLogRows = () => new Map(Object.keys(logs).map((table) => [table, [] as unknown[][]]));
  return async (client, events) => {
    // A stream starting in this batch has no stored state to read (decision 0289).
    const states = shape ? await (shape.load ?? storedStates<S>(shape.table))(client, streamsWithHistory(events)) : new Map<string, S>();
    const before = new Map<string, S | undefined>();
    let logRows = noLogRows();
    const logWrites = (): TableRows[] => [...logRows].map(([table, rows]) => ({ table, ...logs[table]!, rows }));
    for (const event of events) {
      const rewrite = readModel.rewriteBefore?.(event);
      if (rewrite) {
        await insertIntoTables(client, logWrites());
        logRows = noLogRows();
        await rewrite(client);
      }
      const { state, rows = [] } = readModel.step(states.get(event.streamId), event, readLive);
      if (state !== undefined) {
        if (!before.has(event.streamId)) before.set(event.streamId, states.get(event.streamId));
        states.set(event.streamId, state);
      }
      for (const [table, row] of rows) logRows.get(table)!.push([...row]);
    }
    const summary = shape?.summary?.changes([...before].map(([streamId, was]) => [was, states.get(streamId)!] as const));
    await insertIntoTables(client, [...(shape ? [stateWrite(shape, states, before.keys())] : []), ...logWrites(), ...(summary ? [summary.write] : [])]);
    await summary?.then(client);
  };
}

/** The rows of the streams a batch changed, as an upsert (or an insert of the first, with `keepStored`). */
function stateWrite<S>(shape: StateTable<S>, states: Map<string, S>, changed: Iterable<string>): TableRows {
  const rows: unknown[][] = [];
  for (const streamId of changed) {
    const row = shape.row(streamId, states.get(streamId)!);
    if (row) rows.push(row);
  }
  const onConflict = shape.keepStored
    ? 'ON CONFLICT (stream_id) DO NOTHING'
    : `ON CONFLICT (stream_id) DO UPDATE SET ${shape.columns.slice(1).map((column) => `${column} = EXCLUDED.${column}`).join(', ')}`;
  return { table: shape.table, columns: shape.columns, types: shape.types, rows, onConflict };
}

/** The one-pass rebuild's fold: states in memory, log rows out as events come, a state's row once its stream is complete. */
function oneFold<S>(readModel: StatePerStream<S>): BulkProjection {
  const { state: shape, logs = {} } = readModel;
  const tables = Object.fromEntries(Object.entries(logs).map(([table, log]) => [table, log.columns]));
  return {
    name: readModel.name,
    columns: shape ? { [shape.table]: shape.columns, ...tables } : tables,
    derived: shape?.summary?.derived,
    create: (): BulkFold => {
      const states = new Map<string, S>();
      // A rebuild hands every add the same shared folds: the reader is made once, not per event.
      let read: ReadProjectEvent | undefined;
      const stateRows = shape
        ? rowPerStream(states, (streamId, state) => {
            const row = shape.row(streamId, state);
            return row && [shape.table, row];
          })
        : { finish: () => [] };
      return {
        add: (event, shared, sink) => {
          read ??= (stored) => shared.projectEvent(stored);
          const { state, rows = [] } = readModel.step(states.get(event.streamId), event, read);
          if (state !== undefined) states.set(event.streamId, state);
          for (const [table, row] of rows) sink.push(table, row);
        },
        ...stateRows,
      };
    },
  };
}

function storedStates<S>(table: string) {
  return async (client: PoolClient, streamIds: string[]): Promise<Map<string, S>> => {
    if (streamIds.length === 0) return new Map();
    const { rows } = await client.query<{ stream_id: string; stream_state: S }>(`SELECT stream_id, stream_state FROM ${table} WHERE stream_id = ANY($1)`, [streamIds]);
    return new Map(rows.map((row) => [row.stream_id, row.stream_state]));
  };
}
