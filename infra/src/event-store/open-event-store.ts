import type { Pool } from '../postgres/pool.js';
import type { EventStore } from './event-store.js';
import { EventStoreDbEventStore } from './eventstoredb-event-store.js';
import { PostgresEventStore } from './postgres-event-store.js';
import { UpcastingEventStore } from './upcasting-event-store.js';

/** The PostgreSQL event store by default; EventStoreDB when EVENTSTORE_URL is set; read with upcasting either way. */
export function openEventStore(config: { EVENTSTORE_URL?: string | undefined }, pool: Pool): EventStore {
  return new UpcastingEventStore(config.EVENTSTORE_URL ? new EventStoreDbEventStore(config.EVENTSTORE_URL) : new PostgresEventStore(pool));
}
