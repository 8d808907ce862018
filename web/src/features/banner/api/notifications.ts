import { apiClient } from '../../../lib/api-client';
import type { GetJson } from '../../../lib/api-types';

export interface BannerNotification {
  id: string;
  message: string;
}

/** GET /api/notifications/ → { data: [{ id, attributes: { Active, Message } }] }; keeps only Active true. */
export async function fetchActiveNotifications(): Promise<BannerNotification[]> {
  const body = await apiClient.get<GetJson<'/notifications/'> | undefined>('/notifications/');
  // The type says what the server promises; a proxy or an old server may still answer otherwise.
  const entries = Array.isArray(body?.data) ? body.data : [];
  return entries
    .filter((e) => e.attributes?.Active === true && typeof e.attributes.Message === 'string')
    .map((e, index) => ({ id: String(e.id ?? index), message: e.attributes.Message }));
}
