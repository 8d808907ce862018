import { Component, lazy, Suspense, useEffect, type ReactNode } from 'react';
import { BANNER_ROTATION_MS, selectCurrentNotification, useBannerStore } from '../stores/banner-store';

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
        <BannerErrorBoundary>
          <Suspense fallback={null}>
            <BannerMarkdown message={current.message} />
          </Suspense>
        </BannerErrorBoundary>
      </div>
    </aside>
  );
}
