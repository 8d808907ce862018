import { NotificationEvent, notificationEventTypes } from '@shop/domain';
import type { PoolClient } from '@shop/infra';
import type { Projection } from '../../runner/projection.js';

export const notificationsProjection: Projection = {
  name: 'notifications',
  handles: notificationEventTypes,
  tables: ['notifications'],
  apply: async (client, event) => applyNotification(client, NotificationEvent.parse({ type: event.type, data: event.data })),
};

async function applyNotification(client: PoolClient, event: NotificationEvent): Promise<void> {
  const { data } = event;
  switch (event.type) {
    case 'NotificationPublished':
      await client.query(
        'INSERT INTO notifications (notification_id, message, active, created, updated) VALUES ($1, $2, $3, $4, $4)',
        [data.notificationId, event.data.message, event.data.active, data.at],
      );
      return;
    case 'NotificationChanged':
      await client.query(
        `UPDATE notifications SET message = coalesce($2, message), active = coalesce($3, active), updated = $4
          WHERE notification_id = $1`,
        [data.notificationId, event.data.message ?? null, event.data.active ?? null, data.at],
      );
      return;
    case 'NotificationRemoved':
      await client.query('DELETE FROM notifications WHERE notification_id = $1', [data.notificationId]);
      return;
    default: {
      const unreachable: never = event;
      throw new Error(`unhandled notification event ${JSON.stringify(unreachable)}`);
    }
  }
}
