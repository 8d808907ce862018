import { apiClient } from '../../../lib/api-client';

/** PUT /api/activation/ { activation_key } — activates an account from the e-mailed link. */
export const activateAccount = (activationKey: string) =>
  apiClient.put<unknown>('/activation/', { activation_key: activationKey });

/** POST /api/activation/ { email } — sends the activation e-mail again. */
export const resendActivation = (email: string) => apiClient.post<unknown>('/activation/', { email });

/** POST /api/password-reset/reset_password/ { email } — e-mails a reset link. */
export const requestPasswordReset = (email: string) =>
  apiClient.post<unknown>('/password-reset/reset_password/', { email });

/** POST /api/password-reset/confirm/ { password, token } — sets the new password. */
export const confirmPasswordReset = (password: string, token: string) =>
  apiClient.post<unknown>('/password-reset/confirm/', { password, token });

export interface ProfileCompletionInfo {
  email?: string;
  name?: string;
  /** The address already has an account: the link adds the guest's project to it (decision 0195). */
  hasAccount?: boolean;
}

/** GET /api/profile-completion/{key} — what the guest registration link knows (e-mail, name). */
export async function fetchProfileCompletion(token: string): Promise<ProfileCompletionInfo> {
  const data = await apiClient.get<unknown>(`/profile-completion/${encodeURIComponent(token)}`);
  if (typeof data !== 'object' || data === null) return {};
  const d = data as Record<string, unknown>;
  return {
    ...(typeof d.email === 'string' ? { email: d.email } : {}),
    ...(typeof d.name === 'string' ? { name: d.name } : {}),
    ...(d.has_account === true ? { hasAccount: true } : {}),
  };
}

/** PUT /api/profile-completion/{token}/ { name, password } — completes the guest's registration. */
export const completeProfile = (token: string, input: { name: string; password: string }) =>
  apiClient.put<unknown>(`/profile-completion/${encodeURIComponent(token)}/`, input);

/** PUT /api/profile-completion/{token}/ {} for an address with an account: the guest's project joins it; answers the words to show. */
export async function joinAccount(token: string): Promise<string> {
  const data = await apiClient.put<{ message?: unknown } | undefined>(`/profile-completion/${encodeURIComponent(token)}/`, {});
  return typeof data?.message === 'string' ? data.message : 'Your project is now in your account. Log in to see it.';
}
