import type { ProjectDraft } from '@shop/domain';

/** The guest's project lives in the browser until registration (SPEC §1, §2, §6). */
export const GUEST_PROJECT_KEY = 'shop.guestProject';

export function readGuestProject(): ProjectDraft | null {
  try {
    const raw = window.localStorage.getItem(GUEST_PROJECT_KEY);
    if (!raw) return null;
    const value = JSON.parse(raw) as Partial<ProjectDraft>;
    if (typeof value !== 'object' || value === null || !Array.isArray(value.fabrics)) return null;
    return { ...value, name: value.name ?? '', fabrics: value.fabrics };
  } catch {
    return null;
  }
}

export function writeGuestProject(draft: ProjectDraft): void {
  try {
    window.localStorage.setItem(GUEST_PROJECT_KEY, JSON.stringify(draft));
  } catch {
    // Storage full or disabled: the project stays in memory for this visit.
  }
}

export function clearGuestProject(): void {
  try {
    window.localStorage.removeItem(GUEST_PROJECT_KEY);
  } catch {
    // nothing to clear
  }
}
