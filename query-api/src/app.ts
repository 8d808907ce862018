import { Router } from 'express';
import { shopIdentityConfigSchema, shopIdentityOf } from '@shop/infra';
import { createOpenApiRegistry } from '@shop/http-shell';
import type { QueryApiDeps } from './deps.js';
import { notificationRoutes } from './notifications/notification-routes.js';
import { customerProjectRoutes } from './projects/customer-routes.js';
import { internalProjectRoutes } from './projects/internal-routes.js';
import { mailPreviewRoutes } from './projects/mail-preview-routes.js';
import { catalogueRoutes } from './routes/catalogue-routes.js';
import { organizationRoutes } from './routes/organization-routes.js';
import { paymentRoutes } from './routes/payment-routes.js';
import { statsRoutes } from './routes/stats-routes.js';
import { userRoutes } from './routes/user-routes.js';
import { exportRoutes } from './privacy/export-routes.js';
import { projectionHealthRoutes } from './routes/projection-health-routes.js';
import { liveRoutes } from './live/live-routes.js';
import { logDigestRoutes } from './routes/log-digest-routes.js';
import { readModelLagRoutes } from './routes/read-model-lag-routes.js';

export type { QueryApiDeps } from './deps.js';

/**
 * Every GET of SPEC §7 (plus the timeline, audit log and stats), served from read models only;
 * the exceptions are the staff audit of a project (`/internal/projects/{id}/events/`) and its time
 * travel (`as_of`), both defined as the project's stream and read from the event store
 * (docs/decisions/0060, 0248), and the data export, which includes the log.
 * Every route is documented in the OpenAPI registry from the zod schemas that parse it and shape its answer.
 */
export function queryRoutes(deps: QueryApiDeps): Router {
  const router = Router();
  const routeDeps = { ...deps, registry: deps.registry ?? createOpenApiRegistry() };
  for (const routes of [userRoutes, catalogueRoutes, customerProjectRoutes, internalProjectRoutes, organizationRoutes, statsRoutes, notificationRoutes, exportRoutes, projectionHealthRoutes, liveRoutes, readModelLagRoutes, logDigestRoutes, paymentRoutes]) {
    router.use(routes(routeDeps));
  }
  router.use(mailPreviewRoutes({ ...routeDeps, shop: deps.shop ?? shopIdentityOf(shopIdentityConfigSchema.parse({})) }));
  return router;
}
