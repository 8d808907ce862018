import path from 'node:path';
import { Router } from 'express';
import { LoginThrottle, SandboxPaymentGateway, StreamStateCache, UploadStorage } from '@shop/infra';
import { activationRoutes } from './accounts/activation-routes.js';
import { guestRoutes } from './accounts/guest-routes.js';
import { passwordResetRoutes } from './accounts/password-reset-routes.js';
import { sessionRoutes } from './accounts/session-routes.js';
import { UserHashes } from './accounts/user-hash.js';
import { userRoutes } from './accounts/user-routes.js';
import type { CommandApiDeps, RouteDeps } from './deps.js';
import { createOpenApiRegistry, openApiRoutes } from './http/openapi.js';
import { mailRoutes } from './mail/mail-routes.js';
import { notificationRoutes } from './notifications/notification-routes.js';
import { organizationRoutes } from './organizations/organization-routes.js';
import { checkoutRoutes } from './projects/checkout-routes.js';
import { customerProjectRoutes } from './projects/customer-routes.js';
import { internalProjectRoutes } from './projects/internal-routes.js';
import { noteRoutes } from './projects/note-routes.js';
import { SessionNotingEventStore } from './http/session-writes.js';
import { idempotencyKeys, KeyedIds } from './http/idempotency-keys.js';
import { uploadRoutes } from './projects/upload-routes.js';
import { parkedStreamRoutes } from './operations/parked-stream-routes.js';
import { privacyRoutes } from './privacy/privacy-routes.js';

export type { CommandApiDeps } from './deps.js';

/** Every POST, PUT and DELETE of SPEC §7 (plus the uploads, written mail and the OpenAPI document). */
export function commandRoutes(deps: CommandApiDeps): Router {
  const routeDeps = routeDepsOf(deps);
  const router = Router();
  // Before every route: a repeat of a keyed write is answered from the kept answer (decision 0325).
  router.use(idempotencyKeys(deps.pool, deps.logger));
  for (const mount of [
    sessionRoutes,
    userRoutes,
    activationRoutes,
    passwordResetRoutes,
    guestRoutes,
    customerProjectRoutes,
    uploadRoutes,
    checkoutRoutes,
    internalProjectRoutes,
    noteRoutes,
    organizationRoutes,
    notificationRoutes,
    mailRoutes,
    privacyRoutes,
    parkedStreamRoutes,
  ]) {
    mount(router, routeDeps);
  }
  router.use(openApiRoutes(routeDeps.registry));
  return router;
}

/** The deps with defaults filled in, as the routes (and a restore's re-applied erasures) use them. */
export function routeDepsOf(deps: CommandApiDeps): RouteDeps {
  const dataDir = path.resolve(deps.dataDir ?? './.data');
  return {
    ...deps,
    // Every write a session makes is noted in it, for its reads to wait for (docs/decisions/0210).
    eventStore: new SessionNotingEventStore(deps.eventStore, deps.clock),
    // Ids made for a request sent with an Idempotency-Key are derived from it (decision 0325).
    ids: new KeyedIds(deps.ids),
    dataDir,
    payments: deps.payments ?? new SandboxPaymentGateway(deps.pool),
    uploads: new UploadStorage(dataDir),
    throttle: new LoginThrottle(deps.pool),
    userHashes: new UserHashes(deps.pool),
    registry: deps.registry ?? createOpenApiRegistry(),
    streamStates: new StreamStateCache(),
  };
}
