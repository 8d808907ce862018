import { eventUpcasters, type UpcasterRegistry } from '@shop/domain';
import { nameBasedUuid, type EventStore, type NewEvent, type ReadAllOptions, type StoredEvent, type SubscribeOptions, type Subscription, type WholeLogOptions } from '@shop/infra';

/**
 * Old event versions are upcast when read, never rewritten (DESIGN.md): every reader of this
 * store (projections, relay, reactors, rebuild) sees each event in its current schema version,
 * through the domain's upcaster registry. Appends pass through unchanged.
 */
export class UpcastingEventStore implements EventStore {
  constructor(readonly inner: EventStore) {}

  appendToStream(streamId: string, events: NewEvent[], options?: Parameters<EventStore['appendToStream']>[2]) {
    return this.inner.appendToStream(streamId, events, options);
  }

  async readStream(streamId: string, options?: { fromRevision?: number; maxCount?: number }): Promise<StoredEvent[]> {
    return upcastAll(await this.inner.readStream(streamId, options));
  }

  async readAll(options?: ReadAllOptions): Promise<StoredEvent[]> {
    return upcastAll(await this.inner.readAll(options));
  }

  /** Upcast while the inner store already reads the next page. */
  async *readAllPages(options?: ReadAllOptions): AsyncIterable<StoredEvent[]> {
    for await (const page of this.inner.readAllPages(options)) yield upcastAll(page);
  }

  async *readLog(options?: WholeLogOptions): AsyncIterable<StoredEvent[]> {
    for await (const page of this.inner.readLog(options)) yield upcastAll(page);
  }

  countLog(options?: WholeLogOptions): Promise<number> {
    return this.inner.countLog(options);
  }

  subscribeToAll(options: SubscribeOptions): Subscription {
    return this.inner.subscribeToAll({ ...options, onBatch: (events) => options.onBatch(upcastAll(events)) });
  }

  close(): Promise<void> {
    return this.inner.close();
  }
}

export const upcastAll = (events: StoredEvent[]): StoredEvent[] => events.map((event) => eventUpcasters.upcast(event));

/**
 * The events of today one stored event, already upcast by the store, is read as, for whatever folds events:
 * itself; a split type's parts (decision 0371), each with the stored event's revision, position
 * and metadata, the first keeping its id and the others an id derived from it (so a fold keyed
 * by event id sees each part once, in every rebuild); none for a retired type. Revision
 * bookkeeping (gaps, duplicates, checkpoints) stays with the stored event: one row, one revision.
 */
export function eventsAsRead(event: StoredEvent, upcasters: UpcasterRegistry = eventUpcasters): StoredEvent[] {
  const parts = upcasters.expand(event);
  if (parts.length === 1 && parts[0] === event) return parts;
  return parts.map((part, index) => (index === 0 ? part : { ...part, id: nameBasedUuid(`${event.id}\npart ${index}`) }));
}
