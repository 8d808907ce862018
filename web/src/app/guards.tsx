import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { AccessDenied } from '../components/AccessDenied';
import { selectIsStaff, selectLoggedIn, selectSessionReady, useSessionStore } from '../lib/session/session-store';
import { paths } from '../lib/paths';

function SessionLoading() {
  return <p role="status">Loading…</p>;
}

/** Pages for logged-in users: a visitor is sent to /login and brought back afterwards. */
export function RequireUser({ children }: { children: ReactNode }) {
  const ready = useSessionStore(selectSessionReady);
  const loggedIn = useSessionStore(selectLoggedIn);
  const location = useLocation();
  if (!ready) return <SessionLoading />;
  if (!loggedIn) {
    const next = encodeURIComponent(location.pathname + location.search);
    return <Navigate to={`${paths.login}?next=${next}`} replace />;
  }
  return <>{children}</>;
}

/** Staff-only pages (SPEC §6). The server enforces this too; here anyone else gets a clear message. */
export function RequireStaff({ children }: { children: ReactNode }) {
  const ready = useSessionStore(selectSessionReady);
  const isStaff = useSessionStore(selectIsStaff);
  if (!ready) return <SessionLoading />;
  if (!isStaff) return <AccessDenied />;
  return <>{children}</>;
}
