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
  /**
   * The log's streams as far as known, to note each event read on its stream (a stream not there
   * is added, never marked `last`); the event with a stream's last revision is marked `last`.
   */
  streams: Map<string, KnownStream> | null;
}

/** A stream as the rebuild found it in the streams table before reading the log. */
export interface KnownStream {
  /**
   * The id, one string for every event of the stream: the folds' maps keyed by stream then find
   * their key by identity instead of comparing the characters of a new slice of the page each time.
   */
  readonly id: string;
  /** -1: not known (the stream is read further than the streams table was). */
  readonly lastRevision: number;
  /** The revision of the stream's last event read so far; -1 before any. */
  readRevision: number;
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
  // Decoded once the page is whole: a character may be split between two chunks. As UTF-8 even
  // when it is all ASCII: Node makes a page's latin1 text an external string, which cost the
  // garbage collector more than the decoder saved (docs/performance-log.md).
  return eventsOfCopyText(Buffer.concat(chunks).toString('utf8'), request.streams);
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
export function eventsOfCopyText(text: string, streams: Map<string, KnownStream> | null): RawEvent[] {
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
    events.push(rawEventOf(field as CopyFields, streams));
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

function rawEventOf(field: CopyFields, streams: Map<string, KnownStream> | null): RawEvent {
  const [txid, position, id, streamIdText, revisionText, type, schemaVersion, actor, correlationId, causationId, occurredAt, data] = field;
  const revision = Number(revisionText);
  let streamId = textField(streamIdText)!;
  const stream = streams?.get(streamId);
  if (stream) {
    streamId = stream.id;
    stream.readRevision = revision;
  } else streams?.set(streamId, { id: streamId, lastRevision: -1, readRevision: revision });
  return {
    txid,
    position: Number(position),
    id,
    streamId,
    revision,
    type: eventType(textField(type)!),
    schemaVersion: Number(schemaVersion),
    data: textField(data)!,
    // The store's metadata always has these (EventMetadata); a missing one reads as null, as before.
    actor: textField(actor)!,
    correlationId: textField(correlationId)!,
    causationId: textField(causationId),
    occurredAt: textField(occurredAt)!,
    last: stream?.lastRevision === revision,
  };
}

/**
 * One string per event type for the whole process (a type's name is a new slice of each page
 * otherwise): the sets and tables that every event's type is looked up in (each projection's
 * handled types, personal fields, upcasters) then meet the same string every time.
 */
const eventTypes = new Map<string, string>();
function eventType(text: string): string {
  let type = eventTypes.get(text);
  if (type === undefined) {
    // Used as a property name once, the copy V8 keeps is internalized: lookups by it compare pointers.
    type = Object.keys({ [text]: true })[0]!;
    eventTypes.set(type, type);
  }
  return type;
}

/** COPY's escapes that a text field can hold: a backslash before a letter for a control character, or before itself. */
const ESCAPED: Record<string, string> = { b: '\b', f: '\f', n: '\n', r: '\r', t: '\t', v: '\v' };

/** A field of COPY's text format: `\N` is NULL; escapes undone (most fields have none: one scan, no copy). */
function textField(field: string): string | null {
  if (!field.includes('\\')) return field;
  if (field === '\\N') return null;
  return field.replace(/\\(.)/gs, (_, char: string) => ESCAPED[char] ?? char);
}
