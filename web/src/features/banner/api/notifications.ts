import { apiClient } from '../../../lib/api-client';

export interface BannerNotification {
  id: string;
  message: string;
}

interface NotificationEntry {
  id?: string | number;
  attributes?: { Active?: unknown; Message?: unknown };
}

/** GET /api/notifications/ → { data: [{ id, attributes: { Active, Message } }] }; keeps only Active true. */
export async function fetchActiveNotifications(): Promise<BannerNotification[]> {
  const body = await apiClient.get<{ data?: NotificationEntry[] }>('/notifications/');
  const entries = Array.isArray(body?.data) ? body.data : [];
  return entries
    .filter((e) => e.attributes?.Active === true && typeof e.attributes.Message === 'string')
    .map((e, index) => ({ id: String(e.id ?? index), message: e.attributes?.Message as string }));
}
