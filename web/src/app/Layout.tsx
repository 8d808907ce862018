import { Suspense } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { Banner } from '../features/banner/components/Banner';
import { ChunkErrorBoundary } from './ChunkErrorBoundary';
import { Header } from './Header';

export function PageLoading() {
  return (
    <p role="status" className="page-loading">
      Loading…
    </p>
  );
}

/** The common layout of SPEC §2: banner, header, content, footer with a copyright line. */
export function Layout() {
  const location = useLocation();
  return (
    <div className="layout">
      <Banner />
      <Header />
      <main className="content">
        <ChunkErrorBoundary key={location.pathname}>
          <Suspense fallback={<PageLoading />}>
            <Outlet />
          </Suspense>
        </ChunkErrorBoundary>
      </main>
      <footer className="footer">© {new Date().getFullYear()} Soft Furnishings Shop. All rights reserved.</footer>
    </div>
  );
}

/** Pages without the common layout (signup, referral signup) still get the error boundary. */
export function BareLayout() {
  const location = useLocation();
  return (
    <ChunkErrorBoundary key={location.pathname}>
      <Suspense fallback={<PageLoading />}>
        <Outlet />
      </Suspense>
    </ChunkErrorBoundary>
  );
}
