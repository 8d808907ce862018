import type { PoolClient } from '@shop/infra';
import type { RawEvent } from './fold-shard.js';

/** Where a page starts and stops: after `after`, below the horizon, as of `until` if given. */
export interface PageRequest {
  after: RawEvent | null;
  limit: number;
  /** Transactions from this id on were still in flight when the rebuild began (shop_read_horizon, decision 0231). */
  horizon: string;
  until: Date | null;
  /** Each stream's last revision in the log, when known: the event that has it is marked `last`. */
  lastRevisions: ReadonlyMap<string, number> | null;
}

// Same visibility and order as the event store's readAll (never past a transaction still in flight).
const PAGE = `
    FROM events
   WHERE (transaction_id, global_position) > ($1::text::xid8, $2)
     AND transaction_id < $5::text::xid8
     AND ($4::timestamptz IS NULL OR (metadata ->> 'occurredAt')::timestamptz <= $4)
   ORDER BY transaction_id, global_position
   LIMIT $3`;

// A row per event, the data as text for the folding threads to parse and the metadata's fields taken out.
const PAGE_ROWS = `
  SELECT transaction_id::text AS txid, global_position, event_id, stream_id, stream_revision, event_type, schema_version,
         data::text AS data, metadata ->> 'actor', metadata ->> 'correlationId', metadata ->> 'causationId', metadata ->> 'occurredAt'
  ${PAGE}`;

// The same page as two texts, a line per event in each: the event's fields split by tabs, with
// its schema version (digits) last, and its data (JSON as jsonb prints it, which holds no raw tab
// or new line). A metadata field is '=' and its value, or empty for none (concat_ws would drop a
// NULL and shift the fields after it).
const PAGE_TEXT = `
  SELECT count(*)::int,
         string_agg(concat_ws(E'\\t', transaction_id, global_position, event_id, stream_id, stream_revision, event_type,
           coalesce('=' || (metadata ->> 'actor'), ''), coalesce('=' || (metadata ->> 'correlationId'), ''),
           coalesce('=' || (metadata ->> 'causationId'), ''), coalesce('=' || (metadata ->> 'occurredAt'), ''), schema_version), E'\\n'),
         string_agg(data::text, E'\\n')
    FROM (SELECT * ${PAGE}) AS events`;

/**
 * A page of the log, read as two texts (docs/decisions/0100, "A page as text"): node-postgres
 * decodes three strings for the page instead of twelve per event, which was a third of the
 * folding thread's time in a rebuild. A page whose text cannot be split back into its events
 * exactly (a stream id or metadata field holding a tab) is read again row by row.
 */
export async function readPage(client: PoolClient, request: PageRequest): Promise<RawEvent[]> {
  const values = [request.after?.txid ?? '0', request.after?.position ?? 0, request.limit, request.until, request.horizon];
  const { rows } = await client.query<[number, string | null, string | null]>({ text: PAGE_TEXT, values, rowMode: 'array' });
  const [count, fields, data] = rows[0]!;
  return eventsOfPageText(count, fields ?? '', data ?? '', request.lastRevisions) ?? (await readPageRows(client, values, request.lastRevisions));
}

/** Tabs in an event's line of fields: eleven fields. */
const TABS = 10;

/**
 * The events of a page's texts, or null when they do not split into exactly \`count\` of them.
 * Fields are found by their tabs, so a new line inside one (before the last, which is digits)
 * stays in it; a tab inside one shifts the fields after it and leaves one in the last.
 */
export function eventsOfPageText(count: number, fields: string, data: string, lastRevisions: ReadonlyMap<string, number> | null): RawEvent[] | null {
  const events = new Array<RawEvent>(count);
  const field = new Array<string>(TABS + 1);
  let at = 0;
  let dataAt = 0;
  for (let i = 0; i < count; i++) {
    for (let k = 0; k < TABS; k++) {
      const tab = fields.indexOf('\t', at);
      if (tab < 0) return null;
      field[k] = fields.slice(at, tab);
      at = tab + 1;
    }
    const lineEnd = lineEndOf(fields, at, i === count - 1);
    const dataEnd = lineEndOf(data, dataAt, i === count - 1);
    if (lineEnd < 0 || dataEnd < 0) return null;
    field[TABS] = fields.slice(at, lineEnd); // the schema version
    if (field[TABS].includes('\t')) return null;
    const [txid, position, id, streamId, revision, type, actor, correlationId, causationId, occurredAt, schemaVersion] = field as TextFields;
    const row: PageRow = [txid, position, id, streamId, revision, type, schemaVersion, data.slice(dataAt, dataEnd), metadataField(actor)!, metadataField(correlationId)!, metadataField(causationId), metadataField(occurredAt)!];
    events[i] = rawEventOf(row, lastRevisions);
    at = lineEnd + 1;
    dataAt = dataEnd + 1;
  }
  return events;
}

/** An event's line of fields, in PAGE_TEXT's order. */
type TextFields = [txid: string, position: string, id: string, streamId: string, revision: string, type: string, actor: string, correlationId: string, causationId: string, occurredAt: string, schemaVersion: string];

/** Where the line from \`at\` ends: at the next new line, or for the last line the end of the text (none may follow). */
function lineEndOf(text: string, at: number, last: boolean): number {
  const newLine = text.indexOf('\n', at);
  if (!last) return newLine;
  return newLine < 0 ? text.length : -1;
}

const metadataField = (field: string): string | null => (field === '' ? null : field.slice(1));

/** A page row as an array (no object per row): the columns of PAGE_ROWS in order. */
type PageRow = [
  txid: string,
  position: string,
  id: string,
  streamId: string,
  revision: string,
  type: string,
  schemaVersion: number | string,
  data: string,
  actor: string,
  correlationId: string,
  causationId: string | null,
  occurredAt: string,
];

function rawEventOf(row: PageRow, lastRevisions: ReadonlyMap<string, number> | null): RawEvent {
  const [txid, position, id, streamId, revision, type, schemaVersion, data, actor, correlationId, causationId, occurredAt] = row;
  return {
    txid,
    position: Number(position),
    id,
    streamId,
    revision: Number(revision),
    type,
    schemaVersion: Number(schemaVersion),
    data,
    actor,
    correlationId,
    causationId,
    occurredAt,
    last: lastRevisions?.get(streamId) === Number(revision),
  };
}

async function readPageRows(client: PoolClient, values: unknown[], lastRevisions: ReadonlyMap<string, number> | null): Promise<RawEvent[]> {
  const { rows } = await client.query<PageRow>({ text: PAGE_ROWS, values, rowMode: 'array' });
  return rows.map((row) => rawEventOf(row, lastRevisions));
}
