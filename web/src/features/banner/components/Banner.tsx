import { useQuery } from '@tanstack/react-query';
import { Component, lazy, Suspense, useEffect, type ReactNode } from 'react';
import { queryKeys } from '../../../lib/query-keys';
import { fetchActiveNotifications, type BannerNotification } from '../api/notifications';
import { BANNER_ROTATION_MS, useBannerStore } from '../stores/banner-store';

// The Markdown renderer is fetched only when there is something to show.
const BannerMarkdown = lazy(() => import('./BannerMarkdown'));

/** If the Markdown chunk cannot be fetched the banner disappears rather than taking the page down. */
class BannerErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

const noNotifications: BannerNotification[] = [];

/** A failure leaves the banner empty: it is not worth an error. */
const readActiveNotifications = () => fetchActiveNotifications().catch(() => noNotifications);

/** The notification banner at the top of every page: rotates every 3750 ms, Message rendered as sanitized Markdown. */
export function Banner() {
  // Under the notifications' key, so a staff change to them shows here too.
  const { data: notifications = noNotifications } = useQuery({ queryKey: [...queryKeys.notifications, 'active'], queryFn: readActiveNotifications });
  const index = useBannerStore((s) => s.index);
  const next = useBannerStore((s) => s.next);
  const count = notifications.length;
  const current = count > 0 ? notifications[index % count] : undefined;

  useEffect(() => {
    if (count < 2) return;
    const timer = setInterval(() => next(count), BANNER_ROTATION_MS);
    return () => clearInterval(timer);
  }, [count, next]);

  if (!current) return null;
  return (
    <aside className="banner" aria-label="Announcements">
      <div className="banner-message" key={current.id}>
        <BannerErrorBoundary>
          <Suspense fallback={null}>
            <BannerMarkdown message={current.message} />
          </Suspense>
        </BannerErrorBoundary>
      </div>
    </aside>
  );
}
