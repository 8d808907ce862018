import { useCallback, useEffect, useState } from 'react';
import { errorMessage } from './api-client';
import { useDebouncedValue } from './use-debounced-value';

/** The lists answer pages of this size (query API default); "Show more" fetches the next one. */
export const PROJECT_PAGE_SIZE = 100;

export interface ProjectPageQuery {
  state: string;
  name: string;
  limit: number;
  offset: number;
}

export type ProjectListLoad<T> =
  | { kind: 'loading' }
  | { kind: 'ready'; projects: T[]; hasMore: boolean; loadingMore: boolean }
  | { kind: 'failed'; message: string };

/**
 * State and name filters (the name debounced) over a paged project list: the first page is
 * fetched whenever a filter changes, `showMore` appends the next page.
 */
export function useProjectList<T>(fetchPage: (query: ProjectPageQuery) => Promise<T[]>) {
  const [state, setState] = useState('');
  const [name, setName] = useState('');
  const debouncedName = useDebouncedValue(name.trim(), 300);
  const [load, setLoad] = useState<ProjectListLoad<T>>({ kind: 'loading' });

  useEffect(() => {
    let current = true;
    setLoad({ kind: 'loading' });
    fetchPage({ state, name: debouncedName, limit: PROJECT_PAGE_SIZE, offset: 0 }).then(
      (projects) => current && setLoad({ kind: 'ready', projects, hasMore: projects.length === PROJECT_PAGE_SIZE, loadingMore: false }),
      (error: unknown) => current && setLoad({ kind: 'failed', message: errorMessage(error) }),
    );
    return () => {
      current = false;
    };
  }, [fetchPage, state, debouncedName]);

  const showMore = useCallback(() => {
    if (load.kind !== 'ready' || !load.hasMore || load.loadingMore) return;
    const shown = load.projects;
    setLoad({ ...load, loadingMore: true });
    fetchPage({ state, name: debouncedName, limit: PROJECT_PAGE_SIZE, offset: shown.length }).then(
      (next) => setLoad({ kind: 'ready', projects: [...shown, ...next], hasMore: next.length === PROJECT_PAGE_SIZE, loadingMore: false }),
      (error: unknown) => setLoad({ kind: 'failed', message: errorMessage(error) }),
    );
  }, [fetchPage, load, state, debouncedName]);

  return { state, setState, name, setName, load, showMore };
}
