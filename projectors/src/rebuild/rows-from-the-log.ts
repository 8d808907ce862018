import { quoted } from './shadow-schema.js';

/** A place in the log's read order (a page's first or last event). */
interface LogPoint {
  txid: string;
  position: number;
}

/** One statement for the connection that writes the rows. */
export interface Statement {
  text: string;
  values: unknown[];
}

/**
 * Rows PostgreSQL makes from the log by itself (`BulkProjection.fromTheLog`), gathered for one
 * page: the positions of their events, per table. The statement reads just that page's range of
 * the log, in the order the page was read (the events table's `(transaction_id, global_position)`
 * index), and keeps the positions this shard asked for: the page's other events belong to other
 * shards, or had their data opened and went out as text.
 */
export class RowsFromTheLog {
  private readonly positions = new Map<string, { schema: string; table: string; columns: readonly string[]; select: string; positions: number[] }>();
  private last: { schema: string; table: string; positions: number[] } | null = null;

  add(schema: string, table: string, columns: readonly string[], select: string, globalPosition: number): void {
    // Nearly always the same table as the call before: no key to build for it.
    if (this.last?.schema === schema && this.last.table === table) {
      this.last.positions.push(globalPosition);
      return;
    }
    const key = `${schema}\u0000${table}`;
    let entry = this.positions.get(key);
    if (!entry) {
      entry = { schema, table, columns, select, positions: [] };
      this.positions.set(key, entry);
    }
    entry.positions.push(globalPosition);
    this.last = entry;
  }

  /** The statements for the page from `first` to `last` (this shard's share of it); empties the gathering. */
  take(first: LogPoint, last: LogPoint): Statement[] {
    const statements = [...this.positions.values()].map(({ schema, table, columns, select, positions }) => ({
      text: `INSERT INTO ${quoted(schema)}.${quoted(table)} (${columns.map(quoted).join(', ')})
             SELECT ${select} FROM public.events e
              WHERE (e.transaction_id, e.global_position) >= ($1::text::xid8, $2::bigint)
                AND (e.transaction_id, e.global_position) <= ($3::text::xid8, $4::bigint)
                AND e.global_position = ANY ($5::bigint[])`,
      values: [first.txid, first.position, last.txid, last.position, positions],
    }));
    this.positions.clear();
    this.last = null;
    return statements;
  }
}
