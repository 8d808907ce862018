import { apiClient } from '../../../lib/api-client';

/** GET /api/internal/check-user/?email= — whether a user with this e-mail exists (answer shape kept as given). */
export const checkUser = (email: string) => apiClient.get<unknown>('/internal/check-user/', { params: { email } });

/** PUT /api/internal/transfer/ { project_id, email } — the answer's `message` is shown to staff. */
export const transferProject = (projectId: string, email: string) =>
  apiClient.put<unknown>('/internal/transfer/', { project_id: projectId, email });

/** The `message` of an answer, when there is one. */
export function messageOf(data: unknown): string | undefined {
  if (typeof data === 'object' && data !== null) {
    const m = (data as { message?: unknown }).message;
    if (typeof m === 'string' && m) return m;
  }
  return undefined;
}

/** A sentence describing a check-user answer: its message, else the user it names. */
export function describeCheckedUser(data: unknown, email: string): string {
  const message = messageOf(data);
  if (message) return message;
  if (typeof data === 'object' && data !== null) {
    const d = data as { exists?: unknown; name?: unknown; email?: unknown };
    if (d.exists === false) return `No user found with the e-mail ${email}.`;
    const name = typeof d.name === 'string' && d.name ? d.name : undefined;
    const found = typeof d.email === 'string' && d.email ? d.email : email;
    return name ? `User found: ${name} (${found}).` : `User found: ${found}.`;
  }
  return `User found: ${email}.`;
}
