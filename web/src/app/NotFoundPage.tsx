import { Link } from 'react-router-dom';
import { paths } from '../lib/paths';

export function NotFoundPage() {
  return (
    <section>
      <h1>Page not found</h1>
      <p>We could not find the page you asked for.</p>
      <p>
        <Link to={paths.landing}>Go to the home page</Link>
      </p>
    </section>
  );
}
