import { apiClient } from '../../../lib/api-client';

/** The user profile of SPEC §3 / docs/api-conventions.md. */
export interface UserProfile {
  email: string;
  name: string;
  user_id: number | string | null;
  phone: string;
  is_designer: boolean;
  is_staff: boolean;
  user_hash: string;
}

export const emptyProfile: UserProfile = {
  email: '',
  name: '',
  user_id: null,
  phone: '',
  is_designer: false,
  is_staff: false,
  user_hash: '',
};

/** Fills gaps so a partial answer never leaves undefined fields in the store. */
export function toProfile(data: unknown): UserProfile {
  if (typeof data !== 'object' || data === null) return { ...emptyProfile };
  const d = data as Partial<UserProfile>;
  return {
    email: typeof d.email === 'string' ? d.email : '',
    name: typeof d.name === 'string' ? d.name : '',
    user_id: d.user_id ?? null,
    phone: typeof d.phone === 'string' ? d.phone : '',
    is_designer: d.is_designer === true,
    is_staff: d.is_staff === true,
    user_hash: typeof d.user_hash === 'string' ? d.user_hash : '',
  };
}

export const isLoggedIn = (user: UserProfile) => user.user_id !== null && user.user_id !== '';

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
