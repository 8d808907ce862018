import type { ProjectEvent } from '@shop/domain';
import type { PoolClient, StoredEvent } from '@shop/infra';
import { rowPerStream, type BulkProjection, type TableRow } from '../rebuild/bulk-fold.js';
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
 * A read model that keeps one row per stream, made from the stream's folded state, and may add
 * rows of its own per event (logs). Defined once, so the live batch and the one-pass rebuild run
 * the same fold and cannot differ (decision 0470).
 */
export interface StatePerStream<S> {
  name: string;
  state: TableShape & {
    table: string;
    /** The row of a stream's state, `stream_id` first; null while it shows nothing. */
    row: (streamId: string, state: S) => unknown[] | null;
    /** The stored states of these streams; by default read back from the row's `stream_state`. */
    load?: (client: PoolClient, streamIds: string[]) => Promise<Map<string, S>>;
    /** A stored row is never changed, only made once (the first state wins). */
    keepStored?: boolean;
  };
  /** Tables of rows each event adds, by name. */
  logs?: Readonly<Record<string, TableShape>>;
  /**
   * One event: the stream's state after it, or undefined when the event left it as it was, and the
   * log rows it adds. A step may change the state it is given in place (it is the fold's own copy).
   */
  step: (state: S | undefined, event: StoredEvent, read: ReadProjectEvent) => { state?: S | undefined; rows?: readonly TableRow[] };
}

// Live, a project event is read as every projection reads it (readProjectEvent: an exact check, zod
// when it says no); zod's parse alone would copy the whole ProjectCreated body for a field or two.
// A rebuild reads through its shared folds instead: parsed once for every projection (decision 0100).
const readLive: ReadProjectEvent = (event) => readProjectEvent(event.type, event.data);

export function statePerStream<S>(readModel: StatePerStream<S>): { apply: Projection['apply']; bulk: BulkProjection } {
  const { state: shape, logs = {} } = readModel;
  const onConflict = shape.keepStored
    ? 'ON CONFLICT (stream_id) DO NOTHING'
    : `ON CONFLICT (stream_id) DO UPDATE SET ${shape.columns.slice(1).map((column) => `${column} = EXCLUDED.${column}`).join(', ')}`;
  return {
    // Every stream's stored state read in one statement, folded, written back in one with the logs.
    apply: async (client, events) => {
      // A stream starting in this batch has no stored state to read (decision 0289).
      const states = await (shape.load ?? storedStates<S>(shape.table))(client, streamsWithHistory(events));
      const changed = new Set<string>();
      const logRows = new Map(Object.keys(logs).map((table) => [table, [] as unknown[][]]));
      for (const event of events) {
        const { state, rows = [] } = readModel.step(states.get(event.streamId), event, readLive);
        if (state !== undefined) {
          states.set(event.streamId, state);
          changed.add(event.streamId);
        }
        for (const [table, row] of rows) logRows.get(table)!.push([...row]);
      }
      const stateRows: unknown[][] = [];
      for (const streamId of changed) {
        const row = shape.row(streamId, states.get(streamId)!);
        if (row) stateRows.push(row);
      }
      const writes: TableRows[] = [{ table: shape.table, columns: shape.columns, types: shape.types, rows: stateRows, onConflict }];
      for (const [table, rows] of logRows) writes.push({ table, ...logs[table]!, rows });
      await insertIntoTables(client, writes);
    },
    bulk: {
      name: readModel.name,
      columns: { [shape.table]: shape.columns, ...Object.fromEntries(Object.entries(logs).map(([table, log]) => [table, log.columns])) },
      create: () => {
        const states = new Map<string, S>();
        // A rebuild hands every add the same shared folds: the reader is made once, not per event.
        let read: ReadProjectEvent | undefined;
        return {
          add: (event, shared, sink) => {
            read ??= (stored) => shared.projectEvent(stored);
            const { state, rows = [] } = readModel.step(states.get(event.streamId), event, read);
            if (state !== undefined) states.set(event.streamId, state);
            for (const [table, row] of rows) sink.push(table, row);
          },
          ...rowPerStream(states, (streamId, state) => {
            const row = shape.row(streamId, state);
            return row && [shape.table, row];
          }),
        };
      },
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
