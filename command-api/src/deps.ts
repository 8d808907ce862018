import type { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import type { Clock, EventStore, IdGenerator, Logger, LoginThrottle, PaymentGateway, Pool, StreamStateCache, UploadStorage } from '@shop/infra';
import type { SessionSecurity } from '@shop/http-shell';
import type { UserHashes } from './accounts/user-hash.js';

/** What the composition root hands the command API. */
export interface CommandApiDeps {
  pool: Pool;
  eventStore: EventStore;
  clock: Clock;
  ids: IdGenerator;
  logger: Logger;
  security: SessionSecurity;
  /** DATA_DIR: uploads and (without SMTP) outgoing mail live under it. */
  dataDir?: string;
  /** The sandbox gateway unless another adapter is given. */
  payments?: PaymentGateway;
  /** The shop's one OpenAPI registry (the query API registers its reads into it too); a new one when absent. */
  registry?: OpenAPIRegistry;
}

/** The deps with defaults filled in, plus what the routes build once and share. */
export interface RouteDeps extends Required<Omit<CommandApiDeps, 'payments' | 'dataDir' | 'registry'>> {
  dataDir: string;
  payments: PaymentGateway;
  uploads: UploadStorage;
  throttle: LoginThrottle;
  userHashes: UserHashes;
  registry: OpenAPIRegistry;
  /** Folded states of the streams this process wrote: a command reads only the events after them. */
  streamStates: StreamStateCache;
}
