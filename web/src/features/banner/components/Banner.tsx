import { useEffect } from 'react';
import Markdown from 'react-markdown';
import rehypeSanitize from 'rehype-sanitize';
import { BANNER_ROTATION_MS, selectCurrentNotification, useBannerStore } from '../stores/banner-store';

/** The notification banner at the top of every page: rotates every 3750 ms, Message rendered as sanitized Markdown. */
export function Banner() {
  const load = useBannerStore((s) => s.load);
  const next = useBannerStore((s) => s.next);
  const count = useBannerStore((s) => s.notifications.length);
  const current = useBannerStore(selectCurrentNotification);

  useEffect(() => {
    void load();
  }, [load]);

  useEffect(() => {
    if (count < 2) return;
    const timer = setInterval(next, BANNER_ROTATION_MS);
    return () => clearInterval(timer);
  }, [count, next]);

  if (!current) return null;
  return (
    <aside className="banner" aria-label="Announcements">
      <div className="banner-message" key={current.id}>
        <Markdown rehypePlugins={[rehypeSanitize]}>{current.message}</Markdown>
      </div>
    </aside>
  );
}
