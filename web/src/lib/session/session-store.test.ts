import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiClient } from '../api-client';
import { emptyProfile, type UserProfile } from '../user-profile';
import { selectIsStaff, selectLoggedIn, selectSessionReady, useSessionStore } from './session-store';

// The session store is shared by the app shell (header, guards) and the features (editor, login,
// account), so it lives in lib/session/ rather than in app/ or inside the auth feature.
vi.mock('../api-client', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../api-client')>();
  return { ...actual, apiClient: { get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() } };
});
const get = vi.mocked(apiClient.get);
const post = vi.mocked(apiClient.post);
const del = vi.mocked(apiClient.delete);

const staff: UserProfile = { ...emptyProfile, email: 'sam@example.com', name: 'Sam', user_id: 1, is_staff: true };

describe('useSessionStore', () => {
  beforeEach(() => {
    vi.resetAllMocks();
    useSessionStore.setState({ user: emptyProfile, status: 'idle' });
  });

  it('loads the current user from GET /api/users/', async () => {
    get.mockResolvedValue(staff);
    await useSessionStore.getState().load();
    const state = useSessionStore.getState();
    expect(get).toHaveBeenCalledWith('/users/');
    expect(state.user).toEqual(staff);
    expect(selectSessionReady(state)).toBe(true);
    expect(selectLoggedIn(state)).toBe(true);
    expect(selectIsStaff(state)).toBe(true);
  });

  it('falls back to the empty profile when GET /api/users/ fails (SPEC §7)', async () => {
    get.mockRejectedValue(new ApiError(0, 'Could not reach the server.'));
    await useSessionStore.getState().load();
    const state = useSessionStore.getState();
    expect(state.user).toEqual(emptyProfile);
    expect(selectSessionReady(state)).toBe(true);
    expect(selectLoggedIn(state)).toBe(false);
  });

  it('logs in with POST /api/sessions/ and rejects with the ApiError on failure', async () => {
    post.mockResolvedValueOnce(staff);
    await expect(useSessionStore.getState().login({ email: 'sam@example.com', password: 'Secret123' })).resolves.toEqual(staff);
    expect(post).toHaveBeenCalledWith('/sessions/', { email: 'sam@example.com', password: 'Secret123' });
    expect(useSessionStore.getState().user).toEqual(staff);

    useSessionStore.setState({ user: emptyProfile });
    post.mockRejectedValueOnce(new ApiError(401, 'Wrong e-mail or password.'));
    await expect(useSessionStore.getState().login({ email: 'sam@example.com', password: 'nope' })).rejects.toMatchObject({ status: 401 });
    expect(selectLoggedIn(useSessionStore.getState())).toBe(false);
  });

  it('clears the local session on logout even when DELETE /api/sessions fails', async () => {
    useSessionStore.setState({ user: staff, status: 'ready' });
    del.mockRejectedValue(new ApiError(0, 'Could not reach the server.'));
    await expect(useSessionStore.getState().logout()).rejects.toBeInstanceOf(ApiError);
    expect(del).toHaveBeenCalledWith('/sessions');
    expect(useSessionStore.getState().user).toEqual(emptyProfile);
  });
});
