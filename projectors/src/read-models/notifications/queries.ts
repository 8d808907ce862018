import type { Pool, PoolClient } from '@shop/infra';

export interface NotificationRow {
  id: string;
  message: string;
  active: boolean;
  created: string;
  updated: string;
}

/** Oldest first: the banner rotates through them in the order staff made them. */
export async function findNotifications(db: Pool | PoolClient, options: { activeOnly: boolean }): Promise<NotificationRow[]> {
  const result = await db.query<NotificationRow>(
    `SELECT notification_id AS id, message, active, created, updated FROM notifications
      ${options.activeOnly ? 'WHERE active' : ''} ORDER BY created, notification_id`,
  );
  return result.rows;
}
