import { Link, Outlet } from 'react-router-dom';
import { paths } from './paths';

/** The common layout of SPEC §2: header, content, footer with a copyright line. */
export function Layout() {
  return (
    <div className="layout">
      <header className="header">
        <Link to={paths.landing} className="brand">
          Soft Furnishings Shop
        </Link>
        <nav aria-label="Main">
          <Link to={paths.signup}>Sign Up</Link> <Link to={paths.login}>Login</Link>
        </nav>
      </header>
      <main className="content">
        <Outlet />
      </main>
      <footer className="footer">© {new Date().getFullYear()} Soft Furnishings Shop. All rights reserved.</footer>
    </div>
  );
}
