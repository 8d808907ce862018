import { Router, type Request } from 'express';
import { z } from 'zod';
import { documentRead, errorResponse, jsonResponse, parseRequest, requireStaff, type OpenAPIRegistry } from '@shop/infra';
import { findNotifications, NOTIFICATIONS_STREAM } from '@shop/projectors';
import type { QueryDeps } from '../deps.js';
import { readYourWrites } from '../read-your-writes.js';
import { fetchExternalNotifications } from './external-notifications.js';
import { changeNotification, publishNotification, removeNotification, type NotificationCommandContext } from './notification-commands.js';
import { toContentNotification } from './notification-shapes.js';
import { NotificationAnswer, NotificationRemoved, Notifications } from '../openapi/response-schemas.js';

const Message = z.string().trim().min(1, 'Please enter a message.').max(2000);
const ById = z.object({ params: z.object({ id: z.string().min(1).max(100) }) });
const Create = z.object({ body: z.object({ message: Message, active: z.boolean().default(true) }) });
const Change = ById.extend({ body: z.object({ message: Message.optional(), active: z.boolean().optional() }) });

/**
 * GET /notifications/ for the banner (everyone), and the staff's management of the shop's own
 * notifications under /internal/notifications/. With NOTIFICATIONS_URL and NOTIFICATIONS_TOKEN
 * set, the banner reads the external content service instead (docs/decisions/0063).
 */
export function notificationRoutes(deps: QueryDeps): Router {
  const router = Router();
  const fresh = readYourWrites(deps.pool, ['notifications'], deps.readYourWrites);

  documentNotifications(deps.registry);
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

  router.post('/internal/notifications/', async (req, res) => {
    const context = commandContext(deps, req);
    const { body } = parseRequest(Create, req);
    const { notification, revision } = await publishNotification(context, body.message, body.active);
    res.status(201).json({ ...toContentNotification(notification), stream_id: NOTIFICATIONS_STREAM, revision });
  });

  router.put('/internal/notifications/:id/', async (req, res) => {
    const context = commandContext(deps, req);
    const { params, body } = parseRequest(Change, req);
    const { notification, revision } = await changeNotification(context, params.id, body);
    res.json({ ...toContentNotification(notification), stream_id: NOTIFICATIONS_STREAM, revision });
  });

  router.delete('/internal/notifications/:id/', async (req, res) => {
    const context = commandContext(deps, req);
    const { params } = parseRequest(ById, req);
    const { revision } = await removeNotification(context, params.id);
    res.json({ id: params.id, deleted: true, stream_id: NOTIFICATIONS_STREAM, revision });
  });
  return router;
}

function documentNotifications(registry: OpenAPIRegistry): void {
  const tag = 'Notifications';
  documentRead(registry, { path: '/notifications/', summary: 'The active banner notifications', tag, access: 'public', response: Notifications });
  documentRead(registry, { path: '/internal/notifications/', summary: "All of the shop's own notifications, inactive ones too", tag, access: 'staff', response: Notifications });
  const errors = {
    400: errorResponse('Invalid input.'),
    401: errorResponse('Not logged in.'),
    403: errorResponse('Not staff, or a missing CSRF token.'),
    409: errorResponse('Changed by someone else in the meantime.'),
  };
  const security = [{ session: [], csrf: [] }];
  const json = (schema: z.ZodType) => ({ content: { 'application/json': { schema } } });
  registry.registerPath({
    method: 'post',
    path: '/internal/notifications/',
    summary: 'Publish a notification',
    tags: [tag],
    security,
    request: { body: json(Create.shape.body) },
    responses: { 201: jsonResponse('Published.', NotificationAnswer), ...errors },
  });
  registry.registerPath({
    method: 'put',
    path: '/internal/notifications/{id}/',
    summary: 'Change the message or switch a notification on or off',
    tags: [tag],
    security,
    request: { params: ById.shape.params, body: json(Change.shape.body) },
    responses: { 200: jsonResponse('Changed.', NotificationAnswer), ...errors, 404: errorResponse('No such notification.') },
  });
  registry.registerPath({
    method: 'delete',
    path: '/internal/notifications/{id}/',
    summary: 'Remove a notification',
    tags: [tag],
    security,
    request: { params: ById.shape.params },
    responses: { 200: jsonResponse('Removed.', NotificationRemoved), ...errors, 404: errorResponse('No such notification.') },
  });
}

/** Staff only; checked before the body is read, so a customer learns nothing from a 400. */
function commandContext(deps: QueryDeps, req: Request): NotificationCommandContext {
  const staff = requireStaff(req);
  return { eventStore: deps.eventStore, actor: staff.userId, at: deps.clock.now().toISOString(), newId: () => deps.ids.next() };
}
