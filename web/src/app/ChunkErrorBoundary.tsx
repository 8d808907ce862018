import { Component, type ErrorInfo, type ReactNode } from 'react';

/** True for the errors a failed lazy import raises (Vite/ESM wording across browsers, and the spec's "Loading chunk N failed"). */
export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return (
    error.name === 'ChunkLoadError' ||
    /Loading chunk [\w-]+ failed/i.test(error.message) ||
    /Failed to fetch dynamically imported module/i.test(error.message) ||
    /error loading dynamically imported module/i.test(error.message) ||
    /Importing a module script failed/i.test(error.message)
  );
}

interface Props {
  children: ReactNode;
  /** Reload action; tests replace it. */
  onReload?: () => void;
}

interface State {
  error: unknown;
}

/**
 * Catches render errors of a page, above all a page chunk that failed to download, and says so
 * with a reload button instead of leaving a blank page. Keyed by location in the router, so
 * navigating elsewhere clears it.
 */
export class ChunkErrorBoundary extends Component<Props, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('Page failed to render', error, info.componentStack);
  }

  override render() {
    const { error } = this.state;
    if (error === null) return this.props.children;
    const reload = this.props.onReload ?? (() => window.location.reload());
    const chunk = isChunkLoadError(error);
    return (
      <section className="page-error" role="alert">
        <h1>{chunk ? 'This page failed to load' : 'Something went wrong'}</h1>
        <p>
          {chunk
            ? 'Part of the site could not be downloaded, perhaps because of a network problem or a new release. Reload to try again.'
            : 'This page hit an unexpected error. Reload to try again.'}
        </p>
        <button type="button" onClick={reload}>
          Reload page
        </button>
      </section>
    );
  }
}
