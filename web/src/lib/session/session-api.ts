import { apiClient } from '../api-client';
import { emptyProfile, toProfile, type UserProfile } from '../user-profile';

// The session is shared by every feature (header, guards, editor), so its calls live here, not in features/auth.

export interface Credentials {
  email: string;
  password: string;
}

/** POST /api/sessions/ — log in; answers the user profile. Failures reject with the ApiError. */
export async function login(credentials: Credentials): Promise<UserProfile> {
  return toProfile(await apiClient.post<unknown>('/sessions/', credentials));
}

/** DELETE /api/sessions — log out (path as SPEC §7 writes it, without the trailing slash). */
export async function logout(): Promise<void> {
  await apiClient.delete<unknown>('/sessions');
}

/** GET /api/users/ — the current user; any failure yields the empty profile (SPEC §7). */
export async function fetchCurrentUser(): Promise<UserProfile> {
  try {
    return toProfile(await apiClient.get<unknown>('/users/'));
  } catch {
    return { ...emptyProfile };
  }
}
