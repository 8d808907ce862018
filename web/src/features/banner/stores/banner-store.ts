import { create } from 'zustand';

/** Banner rotation period (SPEC §2, §9). */
export const BANNER_ROTATION_MS = 3750;

/** Which notification the banner shows: client state; the notifications themselves are a query (Banner.tsx). */
interface BannerState {
  index: number;
  /** Moves on to the next of `count` notifications, round and round. */
  next: (count: number) => void;
}

export const useBannerStore = create<BannerState>()((set) => ({
  index: 0,
  next: (count) => set((s) => ({ index: count > 0 ? (s.index + 1) % count : 0 })),
}));
