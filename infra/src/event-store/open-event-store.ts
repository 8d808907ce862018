import { PersonalDataKeys, PersonalDataProtector, ProtectedEventStore } from '../personal-data/index.js';
import type { Pool } from '../postgres/pool.js';
import type { EventStore } from './event-store.js';
import { EventStoreDbEventStore } from './eventstoredb-event-store.js';
import { PostgresEventStore } from './postgres-event-store.js';

/**
 * The PostgreSQL event store by default; EventStoreDB when EVENTSTORE_URL is set. Either way
 * personal fields are encrypted on the way in and decrypted on the way out (keys in PostgreSQL).
 */
export function openEventStore(config: { EVENTSTORE_URL?: string | undefined }, pool: Pool): EventStore {
  const inner = config.EVENTSTORE_URL ? new EventStoreDbEventStore(config.EVENTSTORE_URL) : new PostgresEventStore(pool);
  return protectPersonalData(inner, pool);
}

export const protectPersonalData = (inner: EventStore, pool: Pool): EventStore =>
  new ProtectedEventStore(inner, new PersonalDataProtector(new PersonalDataKeys(pool)));
