import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { parquetWriteFile } from 'hyparquet-writer';
import type { EventRow } from './event-rows.js';

/** One JSON object a line: the event's fields and its flattened data, nulls left out. */
export class NdjsonEvents {
  private readonly out;
  constructor(file: string) {
    this.out = createWriteStream(file);
  }

  async add(rows: readonly EventRow[]): Promise<void> {
    const text = rows.map(({ data, ...fields }) => JSON.stringify({ ...fields, ...data })).join('\n');
    if (text.length > 0 && !this.out.write(`${text}\n`)) await once(this.out, 'drain');
  }

  async close(): Promise<void> {
    this.out.end();
    await once(this.out, 'finish');
  }
}

type ColumnType = 'INT64' | 'DOUBLE' | 'BOOLEAN' | 'STRING';

/**
 * A Parquet file of the events (hyparquet-writer, docs/decisions/0181): fixed columns, then one
 * column per data path seen in any event, typed by what it holds (whole numbers INT64, other
 * numbers DOUBLE, true/false BOOLEAN, anything else text) and null where an event has no such field.
 * Parquet is written by column, so the rows are kept until `close`.
 */
export class ParquetEvents {
  private readonly rows: EventRow[] = [];
  constructor(private readonly file: string) {}

  add(rows: readonly EventRow[]): Promise<void> {
    for (const row of rows) this.rows.push(row);
    return Promise.resolve();
  }

  close(): Promise<void> {
    const rows = this.rows;
    const paths = [...new Set(rows.flatMap((row) => Object.keys(row.data)))].sort();
    const dataColumns = paths.map((path) => {
      const values = rows.map((row) => row.data[path] ?? null);
      const type = columnType(values);
      return { name: path, type, data: values.map((value) => cell(value, type)) };
    });
    parquetWriteFile({
      filename: this.file,
      columnData: [
        { name: 'position', type: 'INT64', data: rows.map((row) => BigInt(row.position)), nullable: false },
        { name: 'time', type: 'TIMESTAMP', data: rows.map((row) => new Date(row.time)), nullable: false },
        { name: 'stream', type: 'STRING', data: rows.map((row) => row.stream), nullable: false },
        { name: 'type', type: 'STRING', data: rows.map((row) => row.type), nullable: false },
        { name: 'actor_role', type: 'STRING', data: rows.map((row) => row.actor_role), nullable: false },
        { name: 'schema_version', type: 'INT32', data: rows.map((row) => row.schema_version), nullable: false },
        { name: 'event_id', type: 'STRING', data: rows.map((row) => row.event_id), nullable: false },
        { name: 'stream_revision', type: 'INT64', data: rows.map((row) => BigInt(row.stream_revision)), nullable: false },
        { name: 'transaction_id', type: 'INT64', data: rows.map((row) => BigInt(row.transaction_id)), nullable: false },
        { name: 'recorded_at', type: 'TIMESTAMP', data: rows.map((row) => (row.recorded_at === null ? null : new Date(row.recorded_at))) },
        { name: 'correlation_id', type: 'STRING', data: rows.map((row) => row.correlation_id), nullable: false },
        { name: 'causation_id', type: 'STRING', data: rows.map((row) => row.causation_id) },
        { name: 'chain_hash', type: 'STRING', data: rows.map((row) => row.chain_hash), nullable: false },
        ...dataColumns,
      ],
    });
    return Promise.resolve();
  }
}

function columnType(values: ReadonlyArray<string | number | boolean | null>): ColumnType {
  let type: ColumnType | null = null;
  for (const value of values) {
    if (value === null) continue;
    const own: ColumnType = typeof value === 'boolean' ? 'BOOLEAN' : typeof value === 'number' ? (Number.isSafeInteger(value) ? 'INT64' : 'DOUBLE') : 'STRING';
    if (type === null || type === own) type = own;
    else if ((type === 'INT64' && own === 'DOUBLE') || (type === 'DOUBLE' && own === 'INT64')) type = 'DOUBLE';
    else return 'STRING';
  }
  return type ?? 'STRING';
}

function cell(value: string | number | boolean | null, type: ColumnType): string | number | bigint | boolean | null {
  if (value === null) return null;
  switch (type) {
    case 'INT64':
      return BigInt(value as number);
    case 'STRING':
      return typeof value === 'string' ? value : JSON.stringify(value);
    default:
      return value;
  }
}
