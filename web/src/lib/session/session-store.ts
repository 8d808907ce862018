import { create } from 'zustand';
import { emptyProfile, isLoggedIn, type UserProfile } from '../user-profile';
import { clearPendingRegistration } from './guest-registration';
import { fetchCurrentUser, login as loginCall, logout as logoutCall, type Credentials } from './session-api';

export type SessionStatus = 'idle' | 'loading' | 'ready';

interface SessionState {
  user: UserProfile;
  /** 'ready' once GET /api/users/ has answered (or failed: then the user is the empty profile). */
  status: SessionStatus;
  load: () => Promise<void>;
  /** Logs in; rejects with the ApiError so the form can show it. */
  login: (credentials: Credentials) => Promise<UserProfile>;
  /** Ends the session on the server; the local session is cleared even if that call fails. */
  logout: () => Promise<void>;
  setUser: (user: UserProfile) => void;
  /** Asks the server who this session is now, without a loading state (a write changed it, e.g. a guest's save). */
  refresh: () => Promise<void>;
}

export const useSessionStore = create<SessionState>()((set) => ({
  user: emptyProfile,
  status: 'idle',
  load: async () => {
    set({ status: 'loading' });
    const user = await fetchCurrentUser();
    set({ user, status: 'ready' });
  },
  login: async (credentials) => {
    let user = await loginCall(credentials);
    // The login answer is the profile; should it come back without an id, ask for it once.
    if (!isLoggedIn(user)) user = await fetchCurrentUser();
    // Logged in for real: a guest's saved project joined this account if the address was theirs.
    clearPendingRegistration();
    set({ user, status: 'ready' });
    return user;
  },
  logout: async () => {
    try {
      await logoutCall();
    } finally {
      set({ user: emptyProfile, status: 'ready' });
    }
  },
  setUser: (user) => set({ user, status: 'ready' }),
  refresh: async () => {
    const user = await fetchCurrentUser();
    set({ user, status: 'ready' });
  },
}));

export const selectUser = (s: SessionState) => s.user;
export const selectLoggedIn = (s: SessionState) => isLoggedIn(s.user);
/** A guest: a session made by a guest's save, with no e-mail (no account) yet. */
export const selectIsGuest = (s: SessionState) => isLoggedIn(s.user) && s.user.email === '';
export const selectIsStaff = (s: SessionState) => isLoggedIn(s.user) && s.user.is_staff;
export const selectSessionReady = (s: SessionState) => s.status === 'ready';
