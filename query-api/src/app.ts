import { Router } from 'express';
import type { Logger, Pool } from '@shop/infra';

export interface QueryApiDeps {
  pool: Pool;
  logger: Logger;
}

/** Every GET of SPEC §7, served from read models only. */
export function queryRoutes(_deps: QueryApiDeps): Router {
  const router = Router();
  return router;
}
