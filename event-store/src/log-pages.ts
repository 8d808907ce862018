import { to as copyTo } from 'pg-copy-streams';
import type { Pool, PoolClient, StoredEvent } from '@shop/infra';

/**
 * An event as the PostgreSQL log's page reader reads it: the data still as text, so a reader that
 * parses it in small chunks as it folds (the one-pass rebuild) keeps what it allocates short-lived.
 */
export interface RawEvent {
  txid: string;
  position: number;
  id: string;
  streamId: string;
  revision: number;
  type: string;
  schemaVersion: number;
  data: string;
  /** The metadata's fields (EventMetadata), taken out by the server: no JSON to parse for them. */
  actor: string;
  correlationId: string;
  causationId: string | null;
  occurredAt: string;
  /** The stream's last event in the log: its per-stream rows can be written once it is folded. */
  last?: boolean;
}

export function storedEventOfRaw(raw: RawEvent): StoredEvent {
  return {
    id: raw.id,
    type: raw.type,
    schemaVersion: raw.schemaVersion,
    data: JSON.parse(raw.data) as Record<string, unknown>,
    metadata: { actor: raw.actor, correlationId: raw.correlationId, causationId: raw.causationId, occurredAt: raw.occurredAt },
    streamId: raw.streamId,
    revision: raw.revision,
    globalPosition: raw.position,
    checkpoint: { transactionId: Number(raw.txid), position: raw.position },
  };
}

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
 * A page of the log, read with `COPY ... TO STDOUT` (docs/decisions/0100, "A page as text"; the
 * PostgreSQL store's `readLog` and the one-pass rebuild read through it, decision 0421): a
 * line per event, its fields split by tabs, in COPY's text format, which escapes any tab, new line
 * or backslash inside a field, so the page always splits back exactly. The reading thread cuts it
 * apart with `indexOf`/`slice` instead of node-postgres decoding twelve strings per event, and the
 * server writes each row with its types' output functions, as for a plain read, instead of
 * gluing the page into one text value, which costs it more.
 */
export async function readPage(client: PoolClient, request: PageRequest): Promise<RawEvent[]> {
  const chunks: Buffer[] = [];
  for await (const chunk of client.query(copyTo(pageCopy(request)))) chunks.push(chunk as Buffer);
  // Decoded once the page is whole: a character may be split between two chunks. As UTF-8 even
  // when it is all ASCII: Node makes a page's latin1 text an external string, which cost the
  // garbage collector more than the decoder saved.
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
  const until = request.until ? `AND ${RECORDED_TIME} <= '${request.until.toISOString()}'` : '';
  return `COPY (
    SELECT transaction_id, global_position, event_id, stream_id, stream_revision, event_type, schema_version,
           metadata ->> 'actor', metadata ->> 'correlationId', metadata ->> 'causationId', metadata ->> 'occurredAt', data
      FROM events
     WHERE (transaction_id, global_position) > ('${txid}'::xid8, ${position})
       AND transaction_id < '${digits(request.horizon)}'::xid8 ${until}
     ORDER BY transaction_id, global_position
     LIMIT ${digits(String(request.limit))}) TO STDOUT`;
}

/**
 * When an event entered the log, which an as-of cut ("as the log stood at", decision 0348) compares:
 * the database's clock at the append; the business time only for events appended before the
 * database recorded one (recorded_at NULL).
 */
export const RECORDED_TIME = "coalesce(recorded_at, (metadata ->> 'occurredAt')::timestamptz)";

function digits(value: string): string {
  if (!/^\d+$/.test(value)) throw new Error(`Not a log position: ${value}`);
  return value;
}

/** How many events a read of the whole log started now would read (as of `asOf` if given). */
export async function countLogEvents(db: Pick<Pool, 'query'>, asOf: Date | null): Promise<number> {
  const result = await db.query<{ count: string | number | bigint }>(
    `SELECT count(*)::bigint AS count FROM events
      WHERE transaction_id < (SELECT shop_read_horizon())
        AND ($1::timestamptz IS NULL OR ${RECORDED_TIME} <= $1)`,
    [asOf],
  );
  // int8 arrives as a string, a number or a BigInt depending on the pool's type parsers.
  return Number(result.rows[0]?.count ?? 0);
}

/**
 * The whole log as readable when the read begins (the horizon is fixed first, so nothing that
 * commits later is read), in pages of raw events on one read-only connection: page N+1 is read
 * while the caller works on page N. The PostgreSQL store's `readLog`.
 */
export async function* readLogPages(pool: Pool, options: { asOf: Date | null; pageSize: number }): AsyncIterable<RawEvent[]> {
  const reader = await pool.connect();
  try {
    await reader.query('SET default_transaction_read_only = on');
    const { rows } = await reader.query<{ horizon: string }>('SELECT shop_read_horizon()::text AS horizon');
    const horizon = rows[0]!.horizon;
    const read = (after: RawEvent | null) => readPage(reader, { after, limit: options.pageSize, horizon, until: options.asOf, streams: null });
    let next = read(null);
    try {
      for (;;) {
        const page = await next;
        if (page.length === 0) return;
        next = read(page[page.length - 1]!);
        yield page;
      }
    } finally {
      await next.catch(() => undefined); // a page still being read lands before the connection goes back
    }
  } finally {
    await reader.query('RESET default_transaction_read_only').catch(() => undefined);
    reader.release();
  }
}

/**
 * The events of a page in COPY's text format: a line per event, its fields split by tabs, in
 * pageCopy's order. Read with a cursor: the integers straight from their digits, without a
 * string made and converted for each (three per event, every event of every rebuild).
 */
export function eventsOfCopyText(text: string, streams: Map<string, KnownStream> | null): RawEvent[] {
  const events: RawEvent[] = [];
  const line = new LineCursor(text);
  while (line.at < text.length) {
    const txid = line.text();
    const position = line.integer();
    const id = line.text();
    const streamText = textField(line.text())!;
    const revision = line.integer();
    const type = eventType(textField(line.text())!);
    const schemaVersion = line.integer();
    // The store's metadata always has these (EventMetadata); a missing one reads as null, as before.
    const actor = textField(line.text())!;
    const correlationId = textField(line.text())!;
    const causationId = textField(line.text());
    const occurredAt = textField(line.text())!;
    const data = textField(line.last())!;
    const stream = streams?.get(streamText);
    if (stream) stream.readRevision = revision;
    else streams?.set(streamText, { id: streamText, lastRevision: -1, readRevision: revision });
    const streamId = stream?.id ?? streamText;
    events.push({ txid, position, id, streamId, revision, type, schemaVersion, data, actor, correlationId, causationId, occurredAt, last: stream?.lastRevision === revision });
  }
  return events;
}

const TAB = 9;
const DIGIT_0 = 48;
const DIGIT_9 = 57;

/** Where the page is read from: each call takes one field and moves past its tab (or the line's end). */
class LineCursor {
  at = 0;
  constructor(private readonly page: string) {}

  text(): string {
    return this.upTo('\t');
  }

  /** The line's last field. */
  last(): string {
    return this.upTo('\n');
  }

  /** A field of digits (an integer column): its value, read as Number() would read the text. */
  integer(): number {
    const { page, at } = this;
    let value = 0;
    for (let i = at; i < page.length; i++) {
      const char = page.charCodeAt(i);
      if (char === TAB && i > at) {
        this.at = i + 1;
        return value;
      }
      if (char < DIGIT_0 || char > DIGIT_9) break;
      value = value * 10 + (char - DIGIT_0);
    }
    // Not plain digits (none of the log's integer columns writes anything else): as before.
    return Number(this.text());
  }

  private upTo(end: string): string {
    const stop = this.page.indexOf(end, this.at);
    if (stop < 0) throw new Error('A page of the log ended inside an event');
    const field = this.page.slice(this.at, stop);
    this.at = stop + 1;
    return field;
  }
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
