/** The user profile of SPEC §3 / docs/api-conventions.md. */
export interface UserProfile {
  email: string;
  name: string;
  user_id: number | string | null;
  phone: string;
  is_designer: boolean;
  is_staff: boolean;
  user_hash: string;
  /** The account stream's revision, on GET and PUT /api/users/ (not on the login answer). */
  revision?: number;
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
    ...(typeof d.revision === 'number' ? { revision: d.revision } : {}),
  };
}

export const isLoggedIn = (user: UserProfile) => user.user_id !== null && user.user_id !== '';
