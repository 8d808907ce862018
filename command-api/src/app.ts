import { Router } from 'express';
import type { Clock, EventStore, IdGenerator, Logger, Pool, SessionSecurity } from '@shop/infra';

export interface CommandApiDeps {
  pool: Pool;
  eventStore: EventStore;
  clock: Clock;
  ids: IdGenerator;
  logger: Logger;
  security: SessionSecurity;
}

/** Every POST, PUT and DELETE of SPEC §7. */
export function commandRoutes(_deps: CommandApiDeps): Router {
  const router = Router();
  return router;
}
