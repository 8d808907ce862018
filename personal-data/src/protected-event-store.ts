import { ConcurrencyError, type AppendResult, type EventStore, type ExpectedRevision, type NewEvent, type ReadAllOptions, type StoredEvent, type SubscribeOptions, type Subscription, type WholeLogOptions } from '@shop/infra';
import { PostgresEventStore } from '@shop/event-store';
import type { DataKey, NewDataKey } from './personal-data-keys.js';
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
    if (this.inner instanceof PostgresEventStore) return this.appendInOneStatement(this.inner, streamId, events, options ?? {});
    const { events: sealed, subject } = await this.protector.protect(streamId, events);
    const result = await this.inner.appendToStream(streamId, sealed, options);
    if (subject !== null) await this.protector.keys.setSubject(streamId, subject);
    return result;
  }

  /**
   * On PostgreSQL, one round trip for a person this process already holds the key of or who is
   * new to the shop (decision 0241), and for a stream whose subject it remembers (0245): a new
   * person's key is made here, the events sealed with it, and the store inserts key, events and
   * subject together, checking that the stream's subject is still the one they were sealed for.
   * When the person turns out to have a row (a key made elsewhere, an erasure), or the subject
   * changed (a transfer made elsewhere), nothing was appended: seal with what is found and append again.
   */
  private async appendInOneStatement(store: PostgresEventStore, streamId: string, events: NewEvent[], options: { expectedRevision?: ExpectedRevision }): Promise<AppendResult> {
    const keys = this.protector.keys;
    const found = new Map<string, DataKey>();
    for (let attempt = 0; attempt < 3; attempt++) {
      const invalidations = keys.invalidations;
      let made: NewDataKey | null = null;
      const { events: sealed, subject, sealedFor } = await this.protector.protect(
        streamId,
        events,
        async (personId) => {
          const known = found.get(personId) ?? keys.cachedKey(personId);
          if (known) return known;
          // One new key goes with the append; a second new person in the same append (rare) is stored first, as before.
          if (made) return keys.keyFor(personId);
          made = await keys.newKey(personId);
          return made.dataKey;
        },
        (id) => keys.rememberedSubject(id),
      );
      const newKey = made as NewDataKey | null;
      const outcome = await store.appendWithPersonalData(streamId, sealed, options, { newKey, subject, sealedFor }).catch(async (error: unknown) => {
        // A refused revision: the key went in all the same (it is stored before the events).
        if (newKey && error instanceof ConcurrencyError) await keys.settle(newKey, 'stored', invalidations);
        throw error;
      });
      if ('subjectChanged' in outcome) {
        keys.forgetSubject(streamId);
        continue;
      }
      if (!('keyNotMade' in outcome)) {
        if (newKey) await keys.settle(newKey, 'stored', invalidations);
        if (subject !== null) keys.rememberSubject(streamId, subject);
        return outcome;
      }
      const key = await keys.settle(newKey!, outcome.keyNotMade, invalidations);
      if (key) found.set(newKey!.personId, key);
    }
    throw new Error('the key-encryption key or the stream\'s subject changed three times during one append');
  }

  async readStream(streamId: string, options?: { fromRevision?: number; maxCount?: number }): Promise<StoredEvent[]> {
    return this.protector.reveal(await this.inner.readStream(streamId, options));
  }

  async readAll(options?: ReadAllOptions): Promise<StoredEvent[]> {
    return this.protector.reveal(await this.inner.readAll(options));
  }

  /** Each page opened while the inner store already reads the next one: the database's time and the cipher's overlap. */
  async *readAllPages(options?: ReadAllOptions): AsyncIterable<StoredEvent[]> {
    for await (const page of this.inner.readAllPages(options)) yield await this.protector.reveal(page);
  }

  async *readLog(options?: WholeLogOptions): AsyncIterable<StoredEvent[]> {
    for await (const page of this.inner.readLog(options)) yield await this.protector.reveal(page);
  }

  countLog(options?: WholeLogOptions): Promise<number> {
    return this.inner.countLog(options);
  }

  subscribeToAll(options: SubscribeOptions): Subscription {
    return this.inner.subscribeToAll({ ...options, onBatch: async (events) => options.onBatch(await this.protector.reveal(events)) });
  }

  close(): Promise<void> {
    return this.inner.close();
  }
}
