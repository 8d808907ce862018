import { create } from 'zustand';

/** How many projects' last change times are kept (a staff list following a busy shop would grow without end). */
const KEPT = 200;

interface LiveState {
  /** When the live push last said each project changed (ms since epoch), by project id. */
  changedAt: Record<string, number>;
  noteChange: (projectId: string, at: number) => void;
}

/** What the live push (features/live) has told this tab, for the quiet "updated just now" cue. */
export const useLiveStore = create<LiveState>()((set) => ({
  changedAt: {},
  noteChange: (projectId, at) =>
    set((s) => {
      const entries = Object.entries({ ...s.changedAt, [projectId]: at });
      return { changedAt: Object.fromEntries(entries.length > KEPT ? entries.sort(([, a], [, b]) => b - a).slice(0, KEPT) : entries) };
    }),
}));

export const selectChangedAt = (projectId: string) => (s: LiveState) => s.changedAt[projectId];

/**
 * The live push can be switched off per browser (localStorage `shop.live` = `off`): pages then
 * read afresh on every visit only. Browser tests use it to prove both paths. (Also off where
 * there is no EventSource at all.)
 */
export function liveUpdatesDisabled(): boolean {
  if (typeof EventSource === 'undefined') return true;
  try {
    return window.localStorage.getItem('shop.live') === 'off';
  } catch {
    return false;
  }
}
