import { apiClient } from '../../../lib/api-client';
import { emptyProfile, toProfile, type UserProfile } from '../../../lib/user-profile';

/** GET /api/users/ — the current user; any failure yields the empty profile (SPEC §7). */
export async function fetchCurrentUser(): Promise<UserProfile> {
  try {
    return toProfile(await apiClient.get<unknown>('/users/'));
  } catch {
    return { ...emptyProfile };
  }
}

export interface SignupInput {
  email: string;
  name: string;
  password: string;
}

/** POST /api/users/ — create an account (an activation e-mail follows). */
export const createUser = (input: SignupInput) => apiClient.post<unknown>('/users/', input);

export interface ProfileUpdate {
  name: string;
  phone: string;
}

/** PUT /api/users/ — update the current user's profile. */
export async function updateProfile(update: ProfileUpdate): Promise<UserProfile> {
  return toProfile(await apiClient.put<unknown>('/users/', update));
}
