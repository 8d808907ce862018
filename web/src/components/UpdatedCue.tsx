import { useEffect, useState } from 'react';
import { selectChangedAt, useLiveStore } from '../lib/live/live-store';

/** How long the cue stays after a change. */
const SHOWN_MS = 10_000;

/**
 * A quiet "Updated just now" beside a page that changed under the reader's eyes (someone else
 * worked on the project and the live push refreshed it), gone after ten seconds.
 */
export function UpdatedCue({ projectId }: { projectId: string }) {
  const changedAt = useLiveStore(selectChangedAt(projectId));
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (changedAt === undefined) return;
    setNow(Date.now());
    const timer = setTimeout(() => setNow(Date.now()), Math.max(0, changedAt + SHOWN_MS - Date.now()) + 50);
    return () => clearTimeout(timer);
  }, [changedAt]);
  const shown = changedAt !== undefined && now - changedAt < SHOWN_MS;
  return (
    <p className="updated-cue" role="status" aria-live="polite">
      {shown ? 'Updated just now' : ''}
    </p>
  );
}
