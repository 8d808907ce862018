import type { Clock, EventStore, KafkaHealth, Logger, Pool, ShopIdentity } from '@shop/infra';
import type { OpenAPIRegistry } from '@shop/http-shell';
import type { LiveHub } from './live/live-hub.js';
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
  /**
   * Only handed to the read side's modules that read the log on request: the staff audit's
   * `findAuditLog`, the time travel's `projectAsOf` and the data export's `eventsNaming`. No route
   * reads the store itself.
   */
  eventStore: EventStore;
  clock: Clock;
  /** When set, GET /notifications/ reads this service instead of the notifications read model. */
  notificationsService?: NotificationsService | null;
  readYourWrites?: ReadYourWritesOptions;
  /** Names of the shop's projections, for the staff health view's lag figures. */
  projections?: readonly string[];
  /** The Kafka figures of the staff health view (decision 0385); absent when projections are not fed through Kafka. */
  kafkaHealth?: (() => Promise<KafkaHealth>) | null;
  /** The live push (GET /api/live/) of a process that serves reads; absent where only documented. */
  live?: LiveHub | null;
  /** The shop's name, address and reply address for staff's mail previews; the configured defaults when absent. */
  shop?: ShopIdentity;
  /** PUBLIC_URL: where links in previewed mail point (else the address the request came to). */
  publicUrl?: string | undefined;
  /** The shop's one OpenAPI registry (the command API registers its writes into it too); a new one when absent. */
  registry?: OpenAPIRegistry;
}

/** What each group of routes gets: the deps with the registry its routes document themselves in. */
export type QueryDeps = QueryApiDeps & { registry: OpenAPIRegistry };
