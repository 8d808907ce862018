import type { Router } from 'express';
import { z } from 'zod';
import { NOTIFICATIONS_STREAM, notificationDecider, type Notification, type NotificationCommand } from '@shop/domain';
import { handleCommand } from '@shop/infra';
import { jsonResponse, notFound } from '@shop/http-shell';
import { actorOf } from '../actor.js';
import type { RouteDeps } from '../deps.js';
import { defineRoute, type RouteContext } from '../http/route.js';

const Message = z.string().trim().min(1, 'Please enter a message.').max(2000);
const Params = z.object({ id: z.string().min(1).max(100) });
/** The content-service shape of SPEC §7, as the banner reads it, with the stream's revision for read-your-writes. */
const ContentNotification = z.object({ id: z.string(), attributes: z.object({ Active: z.boolean(), Message: z.string() }) });
const Answer = ContentNotification.extend({ stream_id: z.string(), revision: z.number().int() });
const Removed = z.object({ id: z.string(), deleted: z.literal(true), stream_id: z.string(), revision: z.number().int() });

type Omitted<C> = C extends unknown ? Omit<C, 'at' | 'actor'> : never;

/** The staff's management of the shop's own banner notifications (docs/decisions/0063): POST, PUT, DELETE. */
export function notificationRoutes(router: Router, deps: RouteDeps): void {
  const run = async (command: Omitted<NotificationCommand>, context: RouteContext) => {
    const actor = actorOf(context.user!);
    const at = deps.clock.now().toISOString();
    const result = await handleCommand(deps, notificationDecider, NOTIFICATIONS_STREAM, () => ({ ...command, at, actor }) as NotificationCommand, {
      actor: actor.userId,
      correlationId: context.correlationId,
    });
    return { notification: result.state.notifications[command.notificationId], revision: result.revision };
  };
  const answer = ({ notification, revision }: { notification: Notification | undefined; revision: number }) => {
    if (!notification) throw notFound('This notification');
    return { id: notification.id, attributes: { Active: notification.active, Message: notification.message }, stream_id: NOTIFICATIONS_STREAM, revision };
  };
  const tag = 'Notifications';

  defineRoute(router, deps.registry, {
    method: 'post', path: '/internal/notifications/', summary: 'Publish a notification', tag, access: 'staff', status: 201,
    input: { body: z.object({ message: Message, active: z.boolean().default(true) }) },
    success: jsonResponse('Published.', Answer),
    handle: async ({ body }, context) => answer(await run({ type: 'PublishNotification', notificationId: deps.ids.next(), ...body }, context)),
  });
  defineRoute(router, deps.registry, {
    method: 'put', path: '/internal/notifications/:id/', summary: 'Change the message or switch a notification on or off', tag, access: 'staff',
    input: { params: Params, body: z.object({ message: Message.optional(), active: z.boolean().optional() }) },
    success: jsonResponse('Changed.', Answer),
    handle: async ({ params, body }, context) => answer(await run({ type: 'ChangeNotification', notificationId: params.id, ...body }, context)),
  });
  defineRoute(router, deps.registry, {
    method: 'delete', path: '/internal/notifications/:id/', summary: 'Remove a notification', tag, access: 'staff',
    input: { params: Params },
    success: jsonResponse('Removed.', Removed),
    handle: async ({ params }, context) => {
      const { revision } = await run({ type: 'RemoveNotification', notificationId: params.id }, context);
      return { id: params.id, deleted: true, stream_id: NOTIFICATIONS_STREAM, revision };
    },
  });
}
