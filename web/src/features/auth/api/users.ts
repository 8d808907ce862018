import { apiClient } from '../../../lib/api-client';
import { toProfile, type UserProfile } from '../../../lib/user-profile';

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
  /** The revision of the profile the page showed: a profile changed since (another tab) is refused with 409. */
  revision: number;
}

/** PUT /api/users/ — update the current user's profile. */
export async function updateProfile(update: ProfileUpdate): Promise<UserProfile> {
  return toProfile(await apiClient.put<unknown>('/users/', update));
}
