import { to as copyTo } from 'pg-copy-streams';
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

/**
 * A page of the log, read with `COPY ... TO STDOUT` (docs/decisions/0100, "A page as text"): a
 * line per event, its fields split by tabs, in COPY's text format, which escapes any tab, new line
 * or backslash inside a field, so the page always splits back exactly. The reading thread cuts it
 * apart with `indexOf`/`slice` instead of node-postgres decoding twelve strings per event, and the
 * server writes each row with its types' output functions, as for a plain read, instead of
 * gluing the page into one text value (0.1 s of the server's CPU per 100k events, docs/performance-log.md).
 */
export async function readPage(client: PoolClient, request: PageRequest): Promise<RawEvent[]> {
  const chunks: Buffer[] = [];
  for await (const chunk of client.query(copyTo(pageCopy(request)))) chunks.push(chunk as Buffer);
  // Decoded once the page is whole: a character may be split between two chunks.
  return eventsOfCopyText(Buffer.concat(chunks).toString('utf8'), request.lastRevisions);
}

/**
 * Same visibility and order as the event store's readAll (never past a transaction still in
 * flight). COPY takes no parameters: the values are checked to be what they claim (digits, a
 * date) before they are written into the statement.
 */
function pageCopy(request: PageRequest): string {
  const txid = digits(request.after?.txid ?? '0');
  const position = digits(String(request.after?.position ?? 0));
  const until = request.until ? `AND (metadata ->> 'occurredAt')::timestamptz <= '${request.until.toISOString()}'` : '';
  return `COPY (
    SELECT transaction_id, global_position, event_id, stream_id, stream_revision, event_type, schema_version,
           metadata ->> 'actor', metadata ->> 'correlationId', metadata ->> 'causationId', metadata ->> 'occurredAt', data
      FROM events
     WHERE (transaction_id, global_position) > ('${txid}'::xid8, ${position})
       AND transaction_id < '${digits(request.horizon)}'::xid8 ${until}
     ORDER BY transaction_id, global_position
     LIMIT ${digits(String(request.limit))}) TO STDOUT`;
}

function digits(value: string): string {
  if (!/^\d+$/.test(value)) throw new Error(`Not a log position: ${value}`);
  return value;
}

/** Tabs in an event's line: twelve fields, in pageCopy's order. */
const TABS = 11;

/** The events of a page in COPY's text format: a line per event, its fields split by tabs. */
export function eventsOfCopyText(text: string, lastRevisions: ReadonlyMap<string, number> | null): RawEvent[] {
  const events: RawEvent[] = [];
  const field = new Array<string>(TABS + 1);
  let at = 0;
  while (at < text.length) {
    for (let k = 0; k < TABS; k++) {
      const tab = text.indexOf('\t', at);
      if (tab < 0) throw new Error('A page of the log ended inside an event');
      field[k] = text.slice(at, tab);
      at = tab + 1;
    }
    const lineEnd = text.indexOf('\n', at);
    if (lineEnd < 0) throw new Error('A page of the log ended inside an event');
    field[TABS] = text.slice(at, lineEnd);
    at = lineEnd + 1;
    events.push(rawEventOf(field as CopyFields, lastRevisions));
  }
  return events;
}

type CopyFields = [
  txid: string,
  position: string,
  id: string,
  streamId: string,
  revision: string,
  type: string,
  schemaVersion: string,
  actor: string,
  correlationId: string,
  causationId: string,
  occurredAt: string,
  data: string,
];

function rawEventOf(field: CopyFields, lastRevisions: ReadonlyMap<string, number> | null): RawEvent {
  const [txid, position, id, streamIdText, revision, type, schemaVersion, actor, correlationId, causationId, occurredAt, data] = field;
  const streamId = textField(streamIdText)!;
  return {
    txid,
    position: Number(position),
    id,
    streamId,
    revision: Number(revision),
    type: textField(type)!,
    schemaVersion: Number(schemaVersion),
    data: textField(data)!,
    // The store's metadata always has these (EventMetadata); a missing one reads as null, as before.
    actor: textField(actor)!,
    correlationId: textField(correlationId)!,
    causationId: textField(causationId),
    occurredAt: textField(occurredAt)!,
    last: lastRevisions?.get(streamId) === Number(revision),
  };
}

/** COPY's escapes that a text field can hold: a backslash before a letter for a control character, or before itself. */
const ESCAPED: Record<string, string> = { b: '\b', f: '\f', n: '\n', r: '\r', t: '\t', v: '\v' };

/** A field of COPY's text format: `\N` is NULL; escapes undone (most fields have none: one scan, no copy). */
function textField(field: string): string | null {
  if (!field.includes('\\')) return field;
  if (field === '\\N') return null;
  return field.replace(/\\(.)/gs, (_, char: string) => ESCAPED[char] ?? char);
}
