import { z } from 'zod';

/**
 * Banner notifications (SPEC §1, §7), managed by staff. They are shop content, not part of any
 * business context of the domain, so their events live with their read model; the query API's
 * staff routes write them to the single `notifications` stream.
 */
export const NOTIFICATIONS_STREAM = 'notifications';

const stamp = { at: z.string().min(1), by: z.string().min(1) };

export const NotificationPublished = z.object({
  type: z.literal('NotificationPublished'),
  data: z.object({ notificationId: z.string().min(1), message: z.string().min(1).max(2000), active: z.boolean(), ...stamp }),
});
export const NotificationChanged = z.object({
  type: z.literal('NotificationChanged'),
  data: z.object({ notificationId: z.string().min(1), message: z.string().min(1).max(2000).optional(), active: z.boolean().optional(), ...stamp }),
});
export const NotificationRemoved = z.object({
  type: z.literal('NotificationRemoved'),
  data: z.object({ notificationId: z.string().min(1), ...stamp }),
});

export const NotificationEvent = z.discriminatedUnion('type', [NotificationPublished, NotificationChanged, NotificationRemoved]);
export type NotificationEvent = z.infer<typeof NotificationEvent>;
export const notificationEventTypes = NotificationEvent.options.map((option) => option.shape.type.value);
