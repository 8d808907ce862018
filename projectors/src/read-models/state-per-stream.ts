import type { PoolClient, StoredEvent } from '@shop/infra';
import { rowPerStream, type BulkProjection } from '../rebuild/bulk-fold.js';
import type { Projection } from '../runner/projection.js';
import { insertIntoTables } from './batched-inserts.js';
import { byStream, streamsWithHistory } from './stream-batches.js';

/**
 * A read model that keeps one row per stream: the stream's state folded with the domain's evolve,
 * stored beside what the row shows of it. Defined once, so the live batch and the one-pass
 * rebuild cannot fold differently (decision 0470).
 */
export interface StatePerStream<S> {
  name: string;
  table: string;
  /** The row's columns, `stream_id` first and `stream_state` among them, with their SQL types. */
  columns: readonly string[];
  types: readonly string[];
  initial: () => S;
  evolve: (state: S, event: StoredEvent) => S;
  /** The row of a stream's state, in `columns` order; null while it shows nothing. */
  row: (streamId: string, state: S) => unknown[] | null;
}

export function statePerStream<S>(readModel: StatePerStream<S>): { apply: Projection['apply']; bulk: BulkProjection } {
  const upsert = `ON CONFLICT (stream_id) DO UPDATE SET ${readModel.columns
    .slice(1)
    .map((column) => `${column} = EXCLUDED.${column}`)
    .join(', ')}`;
  return {
    // Every stream's stored state read in one statement, folded, written back in one.
    apply: async (client, events) => {
      const states = await storedStates<S>(client, readModel.table, streamsWithHistory(events));
      const rows: unknown[][] = [];
      for (const [streamId, group] of byStream(events)) {
        const state = group.reduce(readModel.evolve, states.get(streamId) ?? readModel.initial());
        const row = readModel.row(streamId, state);
        if (row) rows.push(row);
      }
      await insertIntoTables(client, [{ table: readModel.table, columns: readModel.columns, types: readModel.types, rows, onConflict: upsert }]);
    },
    bulk: {
      name: readModel.name,
      columns: { [readModel.table]: readModel.columns },
      create: () => {
        const states = new Map<string, S>();
        return {
          add: (event) => void states.set(event.streamId, readModel.evolve(states.get(event.streamId) ?? readModel.initial(), event)),
          ...rowPerStream(states, (streamId, state) => {
            const row = readModel.row(streamId, state);
            return row && [readModel.table, row];
          }),
        };
      },
    },
  };
}

async function storedStates<S>(client: PoolClient, table: string, streamIds: string[]): Promise<Map<string, S>> {
  if (streamIds.length === 0) return new Map();
  const { rows } = await client.query<{ stream_id: string; stream_state: S }>(`SELECT stream_id, stream_state FROM ${table} WHERE stream_id = ANY($1)`, [streamIds]);
  return new Map(rows.map((row) => [row.stream_id, row.stream_state]));
}
