import { z } from 'zod';
import { EventStamp } from '../account/actor.js';

/**
 * Banner notifications (SPEC §1, §7), managed by staff: one stream for the whole shop.
 * Shop content with its own small rules (staff only, a message, known ids), so a context of its own.
 */
export const NOTIFICATIONS_STREAM = 'notifications';

const Message = z.string().min(1).max(2000);

export const NotificationPublished = z.object({
  type: z.literal('NotificationPublished'),
  data: z.object({ notificationId: z.string().min(1), message: Message, active: z.boolean(), ...EventStamp }),
});
/** Only what changed: a missing field kept its value. */
export const NotificationChanged = z.object({
  type: z.literal('NotificationChanged'),
  data: z.object({ notificationId: z.string().min(1), message: Message.optional(), active: z.boolean().optional(), ...EventStamp }),
});
export const NotificationRemoved = z.object({
  type: z.literal('NotificationRemoved'),
  data: z.object({ notificationId: z.string().min(1), ...EventStamp }),
});

export const NotificationEvent = z.discriminatedUnion('type', [NotificationPublished, NotificationChanged, NotificationRemoved]);
export type NotificationEvent = z.infer<typeof NotificationEvent>;
export const notificationEventTypes = NotificationEvent.options.map((option) => option.shape.type.value);
