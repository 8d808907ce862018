import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { liveUpdatesDisabled, useLiveStore } from '../../../lib/live/live-store';
import { queryKeys } from '../../../lib/query-keys';
import { selectIsStaff, useSessionStore } from '../../../lib/session/session-store';
import { invalidateFor } from '../api/invalidations';
import { followLiveChanges } from '../api/live-stream';

/** The staff health view is refreshed at most this often by changes (it also refreshes itself). */
const HEALTH_EVERY_MS = 2_000;

/**
 * One live stream per tab while someone is logged in (docs/decisions/0170): each pushed change
 * invalidates the cached reads it makes stale, so pages update in place without polling. Renders nothing.
 */
export function LiveUpdates() {
  const client = useQueryClient();
  const userId = useSessionStore((s) => s.user.user_id);
  const isStaff = useSessionStore(selectIsStaff);
  useEffect(() => {
    if (!userId || liveUpdatesDisabled()) return;
    let healthAt = 0;
    return followLiveChanges({
      change: (change) => {
        invalidateFor(client, change);
        if (change.project_id) useLiveStore.getState().noteChange(change.project_id, Date.now());
        if (isStaff && Date.now() - healthAt > HEALTH_EVERY_MS) {
          healthAt = Date.now();
          void client.invalidateQueries({ queryKey: queryKeys.projectionHealth });
        }
      },
      reset: () => void client.invalidateQueries(),
      // The session ended (logout, a new password, erasure, or a login replacing it): the stream
      // stops; the app learns of a logout from its next read, as before (reloading the session
      // here would remount pages in the middle of a login that replaced the session).
      ended: () => undefined,
    });
  }, [client, userId, isStaff]);
  return null;
}
