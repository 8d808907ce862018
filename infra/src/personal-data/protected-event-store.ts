import type { AppendResult, EventStore, ExpectedRevision, NewEvent, ReadAllOptions, StoredEvent, SubscribeOptions, Subscription } from '../event-store/event-store.js';
import type { PersonalDataProtector } from './personal-data-protector.js';

/**
 * The event store with personal data protected at its one boundary: whatever adapter is inside
 * only ever sees sealed personal fields, and every reader (streams, global order, subscriptions)
 * gets them opened, or ERASED.
 */
export class ProtectedEventStore implements EventStore {
  constructor(
    /** The adapter itself, for whoever must move events sealed (the Kafka relay). */
    readonly inner: EventStore,
    readonly protector: PersonalDataProtector,
  ) {}

  async appendToStream(streamId: string, events: NewEvent[], options?: { expectedRevision?: ExpectedRevision }): Promise<AppendResult> {
    const { events: sealed, subject } = await this.protector.protect(streamId, events);
    const result = await this.inner.appendToStream(streamId, sealed, options);
    if (subject !== null) await this.protector.keys.setSubject(streamId, subject);
    return result;
  }

  async readStream(streamId: string, options?: { fromRevision?: number; maxCount?: number }): Promise<StoredEvent[]> {
    return this.protector.reveal(await this.inner.readStream(streamId, options));
  }

  async readAll(options?: ReadAllOptions): Promise<StoredEvent[]> {
    return this.protector.reveal(await this.inner.readAll(options));
  }

  subscribeToAll(options: SubscribeOptions): Subscription {
    return this.inner.subscribeToAll({ ...options, onBatch: async (events) => options.onBatch(await this.protector.reveal(events)) });
  }

  close(): Promise<void> {
    return this.inner.close();
  }
}
