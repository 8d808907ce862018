import { Router } from 'express';
import { documentRead, requireStaff } from '@shop/http-shell';
import { findNotifications } from '@shop/projectors/queries';
import type { QueryDeps } from '../deps.js';
import { readYourWrites } from '../read-your-writes.js';
import { fetchExternalNotifications } from './external-notifications.js';
import { toContentNotification } from './notification-shapes.js';
import { Notifications } from '../openapi/response-schemas.js';

/**
 * GET /notifications/ for the banner (everyone), and the staff's list of the shop's own
 * notifications (written through the command API). With NOTIFICATIONS_URL and NOTIFICATIONS_TOKEN
 * set, the banner reads the external content service instead (docs/decisions/0063).
 */
export function notificationRoutes(deps: QueryDeps): Router {
  const router = Router();
  const fresh = readYourWrites(deps.pool, ['notifications'], deps.readYourWrites);

  const tag = 'Notifications';
  documentRead(deps.registry, { path: '/notifications/', summary: 'The active banner notifications', tag, access: 'public', response: Notifications });
  documentRead(deps.registry, { path: '/internal/notifications/', summary: "All of the shop's own notifications, inactive ones too", tag, access: 'staff', response: Notifications });
  router.get('/notifications/', fresh, async (_req, res) => {
    const data = deps.notificationsService
      ? await fetchExternalNotifications(deps.notificationsService)
      : (await findNotifications(deps.pool, { activeOnly: true })).map(toContentNotification);
    res.json({ data });
  });

  router.get('/internal/notifications/', fresh, async (req, res) => {
    requireStaff(req);
    res.json({ data: (await findNotifications(deps.pool, { activeOnly: false })).map(toContentNotification) });
  });
  return router;
}
