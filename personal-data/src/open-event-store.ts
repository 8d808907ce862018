import type { KeyEncryptionKeys } from './key-encryption-keys.js';
import { PersonalDataKeys } from './personal-data-keys.js';
import { PersonalDataProtector } from './personal-data-protector.js';
import { ProtectedEventStore } from './protected-event-store.js';
import type { Pool, EventStore, StoredEvent } from '@shop/infra';
import { EventStoreDbEventStore, PostgresEventStore, upcastAll, UpcastingEventStore } from '@shop/event-store';

/**
 * The PostgreSQL event store by default; EventStoreDB when EVENTSTORE_URL is set. Either way
 * personal fields are encrypted on the way in and decrypted on the way out (keys in PostgreSQL),
 * and old event versions are upcast after decryption, so every reader sees current, open events.
 */
export function openEventStore(config: { EVENTSTORE_URL?: string | undefined }, pool: Pool, keks?: KeyEncryptionKeys): EventStore {
  const inner = config.EVENTSTORE_URL ? new EventStoreDbEventStore(config.EVENTSTORE_URL) : new PostgresEventStore(pool);
  return new UpcastingEventStore(protectPersonalData(inner, pool, keks));
}

/**
 * Refuses to start `what` when EVENTSTORE_URL is set: it reads the PostgreSQL event log itself
 * (its transaction horizon, streams table, hash chain or a count of events after a checkpoint),
 * which the event store's interface does not carry and EventStoreDB does not have, so it would
 * work on an empty log (decision 0421).
 */
export function refuseEventStoreDb(config: { EVENTSTORE_URL?: string | undefined }, what: string): void {
  if (config.EVENTSTORE_URL) throw new EventStoreDbRefused(`EVENTSTORE_URL is set, but ${what} reads the PostgreSQL event log itself; unset EVENTSTORE_URL (decision 0421)`);
}

/** What the operator must change: one line, no stack. */
export class EventStoreDbRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'EventStoreDbRefused';
  }
}

/** Keys wrapped under `keks`, or the process's key-encryption keys (openKeyEncryptionKeys). */
export const protectPersonalData = (inner: EventStore, pool: Pool, keks?: KeyEncryptionKeys): EventStore =>
  new ProtectedEventStore(inner, new PersonalDataProtector(new PersonalDataKeys(pool, keks)));

/** The data keys the store opens personal fields with (and caches): erasure must destroy through them. */
export function personalDataKeysOf(store: EventStore): PersonalDataKeys | null {
  const under = store instanceof UpcastingEventStore ? store.inner : store;
  return under instanceof ProtectedEventStore ? under.protector.keys : null;
}

/**
 * Events cross Kafka as stored (personal fields sealed, original versions): the relay reads the
 * adapter under the wrappers, and each consumer opens what it receives the way the wrappers would.
 */
export function kafkaEventCodec(store: EventStore): { relaySource: EventStore; open: (events: StoredEvent[]) => Promise<StoredEvent[]> } {
  const upcasting = store instanceof UpcastingEventStore ? store : null;
  const under = upcasting?.inner ?? store;
  const sealed = under instanceof ProtectedEventStore ? under : null;
  return {
    relaySource: sealed?.inner ?? under,
    open: async (events) => {
      const opened = sealed ? await sealed.protector.reveal(events) : events;
      return upcasting ? upcastAll(opened) : opened;
    },
  };
}
