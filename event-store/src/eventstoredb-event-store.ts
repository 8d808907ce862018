import { createRequire } from 'node:module';
import type * as EsdbModule from '@eventstore/db-client';
import type { AllStreamResolvedEvent, AppendExpectedRevision, EventStoreDBClient, ResolvedEvent } from '@eventstore/db-client';
import { catchUpSubscription } from './catch-up-subscription.js';
import { readAhead } from './read-ahead.js';
import {
  ConcurrencyError,
  type AppendResult,
  type EventMetadata,
  type EventStore,
  type ExpectedRevision,
  type GlobalCheckpoint,
  type NewEvent,
  type ReadAllOptions,
  type StoredEvent,
  type SubscribeOptions,
  type Subscription,
  type WholeLogOptions,
} from '@shop/infra';

/**
 * The client library, loaded when the first store is made: only a shop given EVENTSTORE_URL uses
 * it, and loading it (gRPC and protobuf) took about a second at the start of every process and
 * test file that imports @shop/infra.
 */
let loaded: typeof EsdbModule | null = null;
const esdb = (): typeof EsdbModule => (loaded ??= createRequire(import.meta.url)('@eventstore/db-client') as typeof EsdbModule);

/**
 * EventStoreDB behind the same interface, chosen by EVENTSTORE_URL. It follows the client's
 * documented calls: appendToStream with an expected revision (the server answers a wrong
 * one with WrongExpectedVersionError and treats a retried append of the same event ids as a
 * no-op), readStream, and readAll over $all, whose (commit, prepare) position is our
 * checkpoint. The subscription reuses our catch-up loop over readAll.
 * NOTE: no Docker engine runs on our machines, so this adapter has not been run against a
 * server here; its contract tests run when EVENTSTORE_URL is given.
 */
export class EventStoreDbEventStore implements EventStore {
  private readonly client: EventStoreDBClient;

  constructor(connectionString: string) {
    this.client = esdb().EventStoreDBClient.connectionString(connectionString);
  }

  async appendToStream(
    streamId: string,
    events: NewEvent[],
    { expectedRevision = 'any' }: { expectedRevision?: ExpectedRevision } = {},
  ): Promise<AppendResult> {
    const payload = events.map((event) =>
      esdb().jsonEvent({
        id: event.id,
        type: event.type,
        data: event.data as Record<string, never>,
        metadata: { ...event.metadata, schemaVersion: event.schemaVersion ?? 1 },
      }),
    );
    try {
      const result = await this.client.appendToStream(streamId, payload, { expectedRevision: toEsdbExpected(expectedRevision) });
      return { nextRevision: Number(result.nextExpectedRevision) };
    } catch (error) {
      if (error instanceof esdb().WrongExpectedVersionError) {
        const actual = typeof error.actualVersion === 'bigint' ? Number(error.actualVersion) : null;
        throw new ConcurrencyError(streamId, expectedRevision, actual);
      }
      throw error;
    }
  }

  async readStream(streamId: string, { fromRevision = 0, maxCount = 1_000_000 } = {}): Promise<StoredEvent[]> {
    const events: StoredEvent[] = [];
    try {
      for await (const resolved of this.client.readStream(streamId, { fromRevision: BigInt(fromRevision), maxCount, direction: esdb().FORWARDS })) {
        const stored = toStoredEvent(resolved);
        if (stored) events.push(stored);
      }
    } catch (error) {
      if (error instanceof esdb().StreamNotFoundError) return [];
      throw error;
    }
    return events;
  }

  async readAll({ from, limit = 1000 }: ReadAllOptions = {}): Promise<StoredEvent[]> {
    const position = from && from.transactionId > 0 ? { commit: BigInt(from.transactionId), prepare: BigInt(from.position) } : esdb().START;
    const events: StoredEvent[] = [];
    // $all holds system events too; they are read past, never returned.
    for await (const resolved of this.client.readAll({ fromPosition: position, maxCount: limit + 1, direction: esdb().FORWARDS })) {
      const stored = toStoredEvent(resolved as AllStreamResolvedEvent);
      if (!stored || (from && sameCheckpoint(stored.checkpoint, from))) continue;
      events.push(stored);
      if (events.length === limit) break;
    }
    return events;
  }

  readAllPages(options?: ReadAllOptions): AsyncIterable<StoredEvent[]> {
    return readAhead((from, limit) => this.readAll({ from, limit }), options);
  }

  /**
   * $all up to its last event when the read begins (what commits later is not read); as of a date,
   * only events the server had created by then (its own clock, as PostgreSQL's recorded time is).
   */
  async *readLog({ asOf = null, pageSize = 5000 }: WholeLogOptions = {}): AsyncIterable<StoredEvent[]> {
    const end = await this.endOfAll();
    if (end === null) return;
    let page: StoredEvent[] = [];
    for await (const resolved of this.client.readAll({ fromPosition: esdb().START, direction: esdb().FORWARDS })) {
      if (Number(resolved.event?.position?.commit ?? 0n) > end) break;
      const stored = toStoredEvent(resolved as AllStreamResolvedEvent);
      if (!stored || (asOf && resolved.event!.created.getTime() > asOf.getTime())) continue;
      page.push(stored);
      if (page.length === pageSize) {
        yield page;
        page = [];
      }
    }
    if (page.length > 0) yield page;
  }

  async countLog(options: WholeLogOptions = {}): Promise<number> {
    let count = 0;
    for await (const page of this.readLog(options)) count += page.length;
    return count;
  }

  /** The commit position of $all's last event now (system events included); null when empty. */
  private async endOfAll(): Promise<number | null> {
    for await (const resolved of this.client.readAll({ fromPosition: esdb().END, direction: esdb().BACKWARDS, maxCount: 1 })) {
      return Number(resolved.event?.position?.commit ?? 0n);
    }
    return null;
  }

  subscribeToAll(options: SubscribeOptions): Subscription {
    return catchUpSubscription({ readAll: (from, limit) => this.readAll({ from, limit }), pollIntervalMs: 250, ...options });
  }

  async close(): Promise<void> {
    await this.client.dispose();
  }
}

function toEsdbExpected(expected: ExpectedRevision): AppendExpectedRevision {
  if (expected === 'any') return esdb().ANY;
  if (expected === 'no_stream') return esdb().NO_STREAM;
  if (expected === 'stream_exists') return esdb().STREAM_EXISTS;
  return BigInt(expected);
}

function sameCheckpoint(a: GlobalCheckpoint, b: GlobalCheckpoint): boolean {
  return a.transactionId === b.transactionId && a.position === b.position;
}

function toStoredEvent(resolved: ResolvedEvent | AllStreamResolvedEvent): StoredEvent | null {
  const event = resolved.event;
  if (!event || event.type.startsWith('$') || event.streamId.startsWith('$') || !event.isJson) return null;
  const { schemaVersion, ...metadata } = (event.metadata ?? {}) as unknown as EventMetadata & { schemaVersion?: number };
  const commit = Number(event.position?.commit ?? 0n);
  const prepare = Number(event.position?.prepare ?? 0n);
  return {
    id: event.id,
    type: event.type,
    schemaVersion: schemaVersion ?? 1,
    data: event.data as Record<string, unknown>,
    metadata: metadata as EventMetadata,
    streamId: event.streamId,
    revision: Number(event.revision),
    globalPosition: commit,
    checkpoint: { transactionId: commit, position: prepare },
  };
}
