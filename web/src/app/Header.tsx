import { useState } from 'react';
import { Link, NavLink, useNavigate } from 'react-router-dom';
import { readPendingRegistration } from '../lib/session/guest-registration';
import { selectIsGuest, selectIsStaff, selectLoggedIn, selectSessionReady, useSessionStore } from '../lib/session/session-store';
import { externalLinks, paths, to } from '../lib/paths';

/** The header variants of SPEC §2: logged out, logged in, and staff (with the INTERNAL group). */
export function Header() {
  const loggedIn = useSessionStore(selectLoggedIn);
  const isStaff = useSessionStore(selectIsStaff);
  const ready = useSessionStore(selectSessionReady);
  // A guest (a session without an e-mail yet) who sent their registration link: their project and its state.
  const guest = useSessionStore(selectIsGuest);
  const pending = guest ? readPendingRegistration() : null;
  const logout = useSessionStore((s) => s.logout);
  const navigate = useNavigate();
  const [loggingOut, setLoggingOut] = useState(false);

  async function onLogout() {
    setLoggingOut(true);
    try {
      await logout();
    } catch {
      // The local session is cleared either way; the server session expires on its own.
    } finally {
      setLoggingOut(false);
      void navigate(paths.login);
    }
  }

  return (
    <header className="header">
      <Link to={paths.landing} className="brand">
        Soft Furnishings Shop
      </Link>
      {ready && (
        <div className="header-navs">
          {isStaff && (
            <nav aria-labelledby="internal-nav-label" className="nav-internal">
              <span id="internal-nav-label" className="nav-group-label">
                INTERNAL
              </span>
              <NavLink to={paths.internalProjects}>Projects</NavLink>
              <NavLink to={paths.internalOrganizations}>Orgs</NavLink>
              <NavLink to={paths.internalReporting}>Reports</NavLink>
              <NavLink to={paths.internalNotifications}>Notifications</NavLink>
              <NavLink to={paths.internalHealth}>Health</NavLink>
              {externalLinks.analytics && (
                <a href={externalLinks.analytics} target="_blank" rel="noopener noreferrer">
                  Analytics
                </a>
              )}
            </nav>
          )}
          <nav aria-label="Main">
            {guest ? (
              <>
                {pending && (
                  <>
                    <NavLink to={to.projectEdit(pending.projectId)}>Your project</NavLink>
                    <span className="nav-note">Registration link sent to {pending.email}</span>
                  </>
                )}
                <NavLink to={paths.login}>Login</NavLink>
              </>
            ) : loggedIn ? (
              <>
                <NavLink to={paths.projects} end>
                  Projects
                </NavLink>
                <NavLink to={paths.account}>Account</NavLink>
                {externalLinks.faq && (
                  <a href={externalLinks.faq} target="_blank" rel="noopener noreferrer">
                    FAQ
                  </a>
                )}
                <button type="button" className="link-button" onClick={() => void onLogout()} disabled={loggingOut}>
                  Logout
                </button>
              </>
            ) : (
              <>
                <NavLink to={paths.signup}>Sign Up</NavLink>
                <NavLink to={paths.login}>Login</NavLink>
              </>
            )}
          </nav>
        </div>
      )}
    </header>
  );
}
