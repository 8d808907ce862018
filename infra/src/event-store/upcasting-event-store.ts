import { eventUpcasters } from '@shop/domain';
import type { EventStore, NewEvent, ReadAllOptions, StoredEvent, SubscribeOptions, Subscription } from './event-store.js';

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

  subscribeToAll(options: SubscribeOptions): Subscription {
    return this.inner.subscribeToAll({ ...options, onBatch: (events) => options.onBatch(upcastAll(events)) });
  }

  close(): Promise<void> {
    return this.inner.close();
  }
}

export const upcastAll = (events: StoredEvent[]): StoredEvent[] => events.map((event) => eventUpcasters.upcast(event));
