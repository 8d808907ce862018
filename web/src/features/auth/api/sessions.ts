import { apiClient } from '../../../lib/api-client';
import { toProfile, type UserProfile } from '../../../lib/user-profile';

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
