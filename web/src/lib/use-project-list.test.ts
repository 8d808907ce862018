import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import { createElement, type ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { createQueryClient } from './query-client';
import { PROJECT_PAGE_SIZE, useProjectList, type ProjectPageQuery } from './use-project-list';

/** A fresh cache per test, as the app has one per visit. */
function wrapper({ children }: { children: ReactNode }) {
  return createElement(QueryClientProvider, { client: createQueryClient() }, children);
}

const page = (from: number, count: number) => Array.from({ length: count }, (_, i) => ({ id: `p${from + i}` }));

describe('useProjectList', () => {
  it('loads the first page, then appends the next one on showMore until a page is short', async () => {
    const fetchPage = vi.fn(async (query: ProjectPageQuery) => (query.offset === 0 ? page(0, PROJECT_PAGE_SIZE) : page(query.offset, 5)));
    const { result } = renderHook(() => useProjectList(['projects'], fetchPage), { wrapper });
    await waitFor(() => expect(result.current.load.kind).toBe('ready'));
    expect(result.current.load).toMatchObject({ hasMore: true });
    act(() => result.current.showMore());
    await waitFor(() => expect(result.current.load).toMatchObject({ hasMore: false, loadingMore: false }));
    const load = result.current.load;
    expect(load.kind === 'ready' && load.projects.map((p) => p.id)).toHaveLength(PROJECT_PAGE_SIZE + 5);
    expect(fetchPage).toHaveBeenLastCalledWith({ state: '', name: '', limit: PROJECT_PAGE_SIZE, offset: PROJECT_PAGE_SIZE });
  });

  it('starts again from the first page when a filter changes', async () => {
    const fetchPage = vi.fn(async () => page(0, 3));
    const { result } = renderHook(() => useProjectList(['projects'], fetchPage), { wrapper });
    await waitFor(() => expect(result.current.load.kind).toBe('ready'));
    act(() => result.current.setState('P'));
    await waitFor(() => expect(fetchPage).toHaveBeenLastCalledWith({ state: 'P', name: '', limit: PROJECT_PAGE_SIZE, offset: 0 }));
    // The page answers after the call: wait for it rather than racing it on a busy machine.
    await waitFor(() => expect(result.current.load).toMatchObject({ kind: 'ready', hasMore: false }));
  });
});
