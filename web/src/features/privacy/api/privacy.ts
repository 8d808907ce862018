import { API_BASE, apiClient } from '../../../lib/api-client';

/**
 * GET /api/users/export/ answers a JSON file as an attachment: the browser downloads it from a
 * plain link, with the session cookie, so no script has to hold the data.
 */
export const exportDownloadUrl = `${API_BASE}/users/export/`;

/** POST /api/users/erase/ { confirm: true }: erases the caller's personal data at once and ends the session. */
export const eraseMyData = () => apiClient.post<{ message: string }>('/users/erase/', { confirm: true });

export interface CheckedUser {
  user_id: string;
  email: string;
  name: string;
  is_staff: boolean;
}

/** GET /api/internal/check-user/?email= (staff): who has this e-mail address. */
export const findUserByEmail = (email: string) => apiClient.get<CheckedUser>('/internal/check-user/', { params: { email } });

/** POST /api/internal/users/{id}/erase/ (staff). */
export const eraseUser = (userId: string) => apiClient.post<{ message: string }>(`/internal/users/${encodeURIComponent(userId)}/erase/`);

/** GET /api/internal/privacy/purge/ (staff): erasures not yet removed from the database files (docs/decisions/0162). */
export const fetchPurgeStatus = () => apiClient.get<{ erasures_pending_purge: number; message: string }>('/internal/privacy/purge/');
export const purgeStatusKey = ['privacy', 'purge'] as const;
