import { useInfiniteQuery, type QueryKey } from '@tanstack/react-query';
import { useState } from 'react';
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
 * State and name filters (the name debounced) over a paged project list, read through TanStack
 * Query under `queryKey` plus the filters: the first page is fetched whenever a filter changes,
 * `showMore` appends the next page. Projects change under other people's hands (staff approve,
 * customers pay), so the list is read again each time it is opened, showing what is cached
 * meanwhile.
 */
export function useProjectList<T>(queryKey: QueryKey, fetchPage: (query: ProjectPageQuery) => Promise<T[]>) {
  const [state, setState] = useState('');
  const [name, setName] = useState('');
  const debouncedName = useDebouncedValue(name.trim(), 300);
  const query = useInfiniteQuery({
    queryKey: [...queryKey, { state, name: debouncedName }],
    queryFn: ({ pageParam }) => fetchPage({ state, name: debouncedName, limit: PROJECT_PAGE_SIZE, offset: pageParam }),
    initialPageParam: 0,
    getNextPageParam: (last: T[], pages: T[][]) => (last.length === PROJECT_PAGE_SIZE ? pages.reduce((n, page) => n + page.length, 0) : undefined),
    staleTime: 0,
  });

  let load: ProjectListLoad<T>;
  if (query.isPending) load = { kind: 'loading' };
  else if (query.isError) load = { kind: 'failed', message: errorMessage(query.error) };
  else load = { kind: 'ready', projects: query.data.pages.flat(), hasMore: query.hasNextPage, loadingMore: query.isFetchingNextPage };

  const showMore = () => {
    if (load.kind !== 'ready' || !load.hasMore || load.loadingMore) return;
    void query.fetchNextPage();
  };

  return { state, setState, name, setName, load, showMore };
}
