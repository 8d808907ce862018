import { apiClient } from '../../../lib/api-client';

export interface ManagedNotification {
  id: string;
  message: string;
  active: boolean;
}

interface NotificationEntry {
  id?: string | number;
  attributes?: { Active?: unknown; Message?: unknown };
}

/**
 * GET /api/notifications/ — all entries, active or not (the banner keeps only the active ones).
 * The list is read from the public endpoint; SPEC §7 names no internal GET.
 */
export async function fetchAllNotifications(): Promise<ManagedNotification[]> {
  const body = await apiClient.get<{ data?: NotificationEntry[] }>('/notifications/');
  const entries = Array.isArray(body?.data) ? body.data : [];
  return entries.map((e, index) => ({
    id: String(e.id ?? index),
    message: typeof e.attributes?.Message === 'string' ? e.attributes.Message : '',
    active: e.attributes?.Active === true,
  }));
}

export interface NotificationInput {
  message: string;
  active: boolean;
}

const one = (id: string) => `/internal/notifications/${encodeURIComponent(id)}/`;

/** POST /api/internal/notifications/ { message, active } */
export const createNotification = (input: NotificationInput) => apiClient.post<unknown>('/internal/notifications/', input);

/** PUT /api/internal/notifications/{id}/ { message, active } */
export const updateNotification = (id: string, input: NotificationInput) => apiClient.put<unknown>(one(id), input);

/** DELETE /api/internal/notifications/{id}/ */
export const deleteNotification = (id: string) => apiClient.delete<unknown>(one(id));
