import type { Clock, EventStore, Logger, Pool } from '@shop/infra';
import type { ReadYourWritesOptions } from './read-your-writes.js';

/** An external content service for banner notifications (SPEC §7), read with a bearer token. */
export interface NotificationsService {
  url: string;
  token: string;
}

/** What the composition root hands the query API. */
export interface QueryApiDeps {
  pool: Pool;
  logger: Logger;
  /** Writes of staff-managed notifications and the staff time travel (`as_of`) read the store. */
  eventStore: EventStore;
  clock: Clock;
  ids: { next: () => string };
  /** When set, GET /notifications/ reads this service instead of the notifications read model. */
  notificationsService?: NotificationsService | null;
  readYourWrites?: ReadYourWritesOptions;
}

export type QueryDeps = QueryApiDeps;
