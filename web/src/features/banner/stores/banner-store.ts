import { create } from 'zustand';
import { fetchActiveNotifications, type BannerNotification } from '../api/notifications';

/** Banner rotation period (SPEC §2, §9). */
export const BANNER_ROTATION_MS = 3750;

interface BannerState {
  notifications: BannerNotification[];
  index: number;
  /** Loads the active notifications; a failure leaves the banner empty (it is not worth an error). */
  load: () => Promise<void>;
  next: () => void;
}

export const useBannerStore = create<BannerState>()((set) => ({
  notifications: [],
  index: 0,
  load: async () => {
    try {
      const notifications = await fetchActiveNotifications();
      set({ notifications, index: 0 });
    } catch {
      set({ notifications: [], index: 0 });
    }
  },
  next: () => set((s) => ({ index: s.notifications.length > 0 ? (s.index + 1) % s.notifications.length : 0 })),
}));

export const selectCurrentNotification = (s: BannerState) => s.notifications[s.index];
