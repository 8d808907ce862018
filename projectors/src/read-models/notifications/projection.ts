import { NotificationEvent, notificationEventTypes } from '@shop/domain';
import type { PoolClient } from '@shop/infra';
import type { BulkProjection } from '../../rebuild/bulk-fold.js';
import { eachEvent, type Projection } from '../../runner/projection.js';

export const notificationsProjection: Projection = {
  name: 'notifications',
  version: 1,
  handles: notificationEventTypes,
  tables: ['notifications'],
  // Each event's SQL reads the rows the one before wrote (a change after its publish): one at a time.
  apply: eachEvent(async (client, event) => applyNotification(client, NotificationEvent.parse({ type: event.type, data: event.data }))),
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

interface NotificationRow {
  message: string;
  active: boolean;
  created: string;
  updated: string;
}

/**
 * One-pass rebuild: the banner messages kept in memory with the same rules as the SQL above
 * (a second publish of one id fails like the primary key would; changes to a removed or unknown
 * id do nothing), written once at the end. All of them live in one stream, so one worker folds them.
 */
export const notificationsBulk: BulkProjection = {
  name: 'notifications',
  columns: { notifications: ['notification_id', 'message', 'active', 'created', 'updated'] },
  create: () => {
    const rows = new Map<string, NotificationRow>();
    return {
      add: (stored) => {
        const event = NotificationEvent.parse({ type: stored.type, data: stored.data });
        const { data } = event;
        switch (event.type) {
          case 'NotificationPublished':
            if (rows.has(data.notificationId)) throw new Error(`duplicate key value violates unique constraint "notifications_pkey"`);
            rows.set(data.notificationId, { message: event.data.message, active: event.data.active, created: data.at, updated: data.at });
            return;
          case 'NotificationChanged': {
            const row = rows.get(data.notificationId);
            if (row) rows.set(data.notificationId, { ...row, message: event.data.message ?? row.message, active: event.data.active ?? row.active, updated: data.at });
            return;
          }
          case 'NotificationRemoved':
            rows.delete(data.notificationId);
            return;
          default: {
            const unreachable: never = event;
            throw new Error(`unhandled notification event ${JSON.stringify(unreachable)}`);
          }
        }
      },
      finish: function* () {
        for (const [id, row] of rows) yield ['notifications', [id, row.message, row.active, row.created, row.updated]];
      },
    };
  },
};
