import { setImmediate as setImmediatePromise } from 'node:timers/promises';
import { from as copyFrom } from 'pg-copy-streams';
import { onClientInTransaction, type Pool, type PoolClient, type StoredEvent } from '@shop/infra';
import { eventsAsRead, storedEventOfRaw, type RawEvent } from '@shop/event-store';
import { storedEventOpener, type StoredEventOpener } from '@shop/personal-data';
import { isKnownEventType, UnknownEventTypeError } from '@shop/domain';
import { ProjectionFailedError } from '../runner/projection.js';
import { SharedFolds, type BulkFold, type BulkProjection, type RowSink } from './bulk-fold.js';
import { copyLine } from './copy-text.js';
import { quoted } from './shadow-schema.js';

const READ_MODELS_ONLY = { appendsEvents: false } as const;

/** One projection being rebuilt: where its staging tables are and which events it folds. */
export interface ShardTarget {
  name: string;
  schema: string;
  handles: readonly string[];
}

/**
 * Events parsed, opened and folded at a time, between turns of the event loop (see `add`). Small,
 * so what a chunk allocates dies young: parsing a whole page up front kept every event of it alive
 * through several scavenges, and copying them was the largest part of the garbage collector's time.
 */
const CHUNK = 256;

/** Per-stream rows are sent in chunks of this many, so their text is never all in memory at once. */
const FINISH_CHUNK = 2000;

type Lookup = (name: string) => BulkProjection;

/** A staging table's COPY text waiting to be written: the page's chunks so far as bytes, and the lines of the chunk being folded. */
interface CopyBuffer {
  schema: string;
  table: string;
  bytes: CopyBytes;
  lines: string[];
}

/**
 * Folds the log's events for every projection being rebuilt and streams the rows into
 * their staging tables with COPY on its own connection. Folding page N overlaps writing page
 * N-1: at most one write is in flight, so memory stays bounded by two pages of rows.
 */
export class FoldShard {
  private readonly shared = new SharedFolds();
  private readonly folds: Array<{
    target: ShardTarget;
    handles: Set<string>;
    fold: BulkFold;
    columns: Readonly<Record<string, readonly string[]>>;
    handled: number;
  }>;
  /** Every table's COPY text, in the order the tables got their first row. */
  private readonly buffers: CopyBuffer[] = [];
  private writing: Promise<void> = Promise.resolve();
  /** Writes wait for the staging tables (see `writeAfter`). */
  private tablesReady: Promise<unknown> = Promise.resolve();
  private failure: unknown = null;

  /** Decrypts personal fields and upcasts old versions, as every reader of the store sees events. */
  private readonly opener: StoredEventOpener;

  constructor(
    private readonly client: PoolClient,
    targets: readonly ShardTarget[],
    bulkOf: Lookup,
    /** For the data keys; needs a connection besides `client`. */
    keysPool: Pool,
  ) {
    this.opener = storedEventOpener(keysPool);
    this.folds = targets.map((target) => {
      const bulk = bulkOf(target.name);
      return { target, handles: new Set(target.handles), fold: bulk.create(), columns: bulk.columns, handled: 0 };
    });
  }

  /** The rebuild's writes need no durability until the swap: a crash throws the staging away. */
  async prepare(): Promise<void> {
    await this.client.query('SET synchronous_commit = off');
  }

  /** The staging tables are still being made: folding may start, writing waits for `ready`. */
  writeAfter(ready: Promise<unknown>): void {
    this.tablesReady = ready;
  }

  /** Pages whose personal-data keys are being looked up ahead of `add` (see `expect`). */
  private readonly preparing = new WeakMap<readonly RawEvent[], Promise<void>>();

  /** A page that is coming: its keys are looked up now, while the page before it folds. */
  expect(events: readonly RawEvent[]): void {
    const preparing = this.opener.prepare(events);
    preparing.catch(() => undefined); // awaited by `add`
    this.preparing.set(events, preparing);
  }

  async add(events: readonly RawEvent[]): Promise<void> {
    // The page's personal-data keys in one round trip; then each chunk is opened from memory.
    await (this.preparing.get(events) ?? this.opener.prepare(events));
    let opening = this.openChunk(events, 0);
    for (let at = 0; at < events.length; at += CHUNK) {
      const { opened, stored } = await opening;
      opening = this.openChunk(events, at + CHUNK);
      for (let i = 0; i < opened.length; i++) {
        if (opened[i]!.schemaVersion !== stored[i]!.schemaVersion) this.shared.upcasting(opened[i]!);
        this.foldOne(opened[i]!, events[at + i]!.last === true);
      }
      this.joinChunk();
      // Folding is synchronous: without a turn of the event loop now and then, the COPY of the
      // previous page (and the read of the next) stall once the socket's buffer is full, and
      // PostgreSQL waits for this thread to finish the page before it gets the rest.
      await setImmediatePromise();
    }
    await this.flush();
  }

  private openChunk(events: readonly RawEvent[], at: number): Promise<{ opened: StoredEvent[]; stored: StoredEvent[] }> {
    if (at >= events.length) return Promise.resolve({ opened: [], stored: [] });
    const stored = events.slice(at, at + CHUNK).map(storedEventOfRaw);
    const opening = this.opener.open(stored).then((opened) => ({ opened, stored }));
    opening.catch(() => undefined); // awaited by `add`; a fold failing first must not leave it unhandled
    return opening;
  }

  /** Per-stream rows, then waits for every write; returns events handled per projection. */
  async finish(): Promise<Record<string, number>> {
    for (const entry of this.folds) {
      const sink = this.sinkFor(entry.target.schema);
      let buffered = 0;
      for (const [table, row] of entry.fold.finish()) {
        sink.push(table, row);
        if (++buffered % FINISH_CHUNK === 0) await this.flush();
      }
    }
    await this.flush();
    await this.writing;
    this.throwIfFailed();
    return Object.fromEntries(this.folds.map((entry) => [entry.target.name, entry.handled]));
  }

  private foldOne(event: StoredEvent, last: boolean): void {
    // An unknown type fails the rebuild loudly, as a fold failing on it would (decision 0356).
    if (!isKnownEventType(event.type) && !this.folds.some((entry) => entry.handles.has(event.type))) {
      throw new ProjectionFailedError(this.folds[0]?.target.name ?? 'rebuild', event, new UnknownEventTypeError(event.type, event.streamId));
    }
    // A split type's parts, or nothing of a retired one (decision 0371).
    for (const read of eventsAsRead(event)) this.foldRead(read);
    if (last) this.complete(event.streamId);
  }

  private foldRead(event: StoredEvent): void {
    for (const entry of this.folds) {
      if (!entry.handles.has(event.type)) continue;
      try {
        entry.fold.add(event, this.shared, this.sinkFor(entry.target.schema));
      } catch (error) {
        throw new ProjectionFailedError(entry.target.name, event, error);
      }
      entry.handled++;
    }
  }

  private complete(streamId: string): void {
    for (const entry of this.folds) {
      if (!entry.fold.complete) continue;
      const sink = this.sinkFor(entry.target.schema);
      for (const [table, row] of entry.fold.complete(streamId)) sink.push(table, row);
    }
  }

  private readonly sinks = new Map<string, RowSink>();
  private sinkFor(schema: string): RowSink {
    let sink = this.sinks.get(schema);
    if (!sink) {
      // The schema's buffers by table name: a row finds its buffer without a key string made
      // (and hashed) per row; a flush empties the buffers in place (see `flush`).
      const tables = new Map<string, CopyBuffer>();
      const push = (table: string, row: readonly unknown[]) => {
        let buffer = tables.get(table);
        if (!buffer) {
          buffer = { schema, table, bytes: new CopyBytes(), lines: [] };
          tables.set(table, buffer);
          this.buffers.push(buffer);
        }
        buffer.lines.push(copyLine(row));
      };
      sink = { push };
      this.sinks.set(schema, sink);
    }
    return sink;
  }

  /**
   * The chunk just folded, as bytes at the end of each table's page: its lines die young, and
   * what waits for the page's write is outside the JavaScript heap, which the garbage collector
   * would otherwise copy again at every scavenge until the write.
   */
  private joinChunk(): void {
    for (const buffer of this.buffers) {
      if (buffer.lines.length === 0) continue;
      buffer.bytes.append(buffer.lines.join(''));
      buffer.lines = [];
    }
  }

  private async flush(): Promise<void> {
    this.joinChunk();
    await this.writing;
    this.throwIfFailed();
    // Taken only now: the bytes the previous write sent are free again (see CopyBytes).
    const batch: Array<{ schema: string; table: string; text: Buffer }> = [];
    for (const buffer of this.buffers) {
      if (buffer.bytes.size > 0) batch.push({ schema: buffer.schema, table: buffer.table, text: buffer.bytes.take() });
    }
    this.writing = this.write(batch).catch((error: unknown) => {
      this.failure = error;
    });
  }

  /** A page's rows in one transaction that says it never appends: readers of the log need not wait for it (decision 0231). */
  private async write(batch: ReadonlyArray<{ schema: string; table: string; text: Buffer }>): Promise<void> {
    await this.tablesReady;
    await onClientInTransaction(this.client, async (client) => {
      for (const { schema, table, text } of batch) {
        const columns = this.columnsOf(schema, table);
        await copyIn(client.query(copyFrom(`COPY ${quoted(schema)}.${quoted(table)} (${columns.map(quoted).join(', ')}) FROM STDIN`)), text);
      }
    }, READ_MODELS_ONLY);
  }

  private columnsOf(schema: string, table: string): readonly string[] {
    const entry = this.folds.find((candidate) => candidate.target.schema === schema);
    const columns = entry?.columns[table];
    if (!columns) throw new Error(`no columns known for ${schema}.${table}`);
    return columns;
  }

  private throwIfFailed(): void {
    if (this.failure) throw this.failure;
  }
}

/**
 * A table's rows for one page, sent as one COPY: its text in one write and the end. Not through
 * stream.pipeline: its abort signal and per-stream listeners, set up and torn down for every table
 * of every page, cost more of the folding thread than the write itself.
 */
function copyIn(copy: ReturnType<typeof copyFrom>, text: Buffer): Promise<void> {
  return new Promise((resolve, reject) => {
    copy.once('error', reject);
    copy.once('finish', resolve);
    copy.end(text);
  });
}
/**
 * A table's COPY text for the page being folded, encoded as it comes, in one of two buffers that
 * take turns: while the page before is being written from one, the next fills the other. A
 * buffer is written to again only after its COPY has finished (the server has had every byte):
 * a shard writes one page at a time and takes the next page's bytes after the last write ended.
 * So the text is neither kept as strings nor joined and encoded again for each page.
 */
class CopyBytes {
  private filling = Buffer.allocUnsafe(INITIAL_BYTES);
  private spare = Buffer.allocUnsafe(INITIAL_BYTES);
  size = 0;

  append(text: string): void {
    // UTF-8 takes at most three bytes per UTF-16 unit.
    if (this.size + text.length * 3 > this.filling.length) this.grow(this.size + text.length * 3);
    this.size += this.filling.write(text, this.size);
  }

  /** The page's bytes; the next page fills the other buffer. */
  take(): Buffer {
    const full = this.filling.subarray(0, this.size);
    [this.filling, this.spare] = [this.spare, this.filling];
    this.size = 0;
    return full;
  }

  private grow(needed: number): void {
    const bigger = Buffer.allocUnsafe(Math.max(needed, this.filling.length * 2));
    this.filling.copy(bigger, 0, 0, this.size);
    this.filling = bigger;
  }
}

const INITIAL_BYTES = 64 * 1024;
