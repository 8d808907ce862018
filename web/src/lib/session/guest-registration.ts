/**
 * A guest who sent their registration link (issue 39): which project they saved and where the
 * link went, kept in this browser so the header and the editor can say so until the guest
 * completes the registration or logs in. The server holds the project; this is only the note.
 */
export interface PendingRegistration {
  email: string;
  projectId: string;
  projectName: string;
  /** What the save answered (a fresh registration, an address that has an account, one already under way). */
  message?: string;
}

const KEY = 'shop.pendingRegistration';

export function readPendingRegistration(): PendingRegistration | null {
  try {
    const value = JSON.parse(localStorage.getItem(KEY) ?? 'null') as Partial<PendingRegistration> | null;
    return value && typeof value.email === 'string' && typeof value.projectId === 'string' ? { email: value.email, projectId: value.projectId, projectName: value.projectName ?? '', ...(typeof value.message === 'string' ? { message: value.message } : {}) } : null;
  } catch {
    return null;
  }
}

export function writePendingRegistration(pending: PendingRegistration): void {
  localStorage.setItem(KEY, JSON.stringify(pending));
}

export function clearPendingRegistration(): void {
  localStorage.removeItem(KEY);
}
