import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { apiClient } from './api-client';
import type { GetJson } from './api-types';

/** The read models a page reads (query-api's projection names). */
export type ReadModel = 'projects' | 'project_history' | 'project_flow' | 'revenue' | 'users' | 'organizations' | 'notifications';

/** How often a page asks again while it is behind; it never asks while caught up. */
const POLL_MS = 2_000;
const LAG_KEY = 'read-model-lag';

/**
 * Whether the read models this page shows are catching up on the event log (after a start, a
 * rebuild or a parked stream): the number of events they are behind, or null when they are not.
 * Asked once when the page opens; polled every two seconds only while behind and only while the
 * tab is visible (a bounded poll, not a push: docs/api-conventions.md "Catching up"). When they
 * have caught up, every other read is refetched, so the figures update without a reload.
 */
export function useCatchingUp(readModels: readonly ReadModel[]): number | null {
  const queryClient = useQueryClient();
  const lag = useQuery({
    queryKey: [LAG_KEY, ...readModels],
    queryFn: () => apiClient.get<GetJson<'/read-models/lag/'>>('/read-models/lag/', { params: { read_models: readModels.join(',') } }),
    staleTime: 0,
    retry: false,
    refetchInterval: (query) => (query.state.data?.catching_up ? POLL_MS : false),
  });
  const wasBehind = useRef(false);
  const catchingUp = lag.data?.catching_up ?? false;
  useEffect(() => {
    if (catchingUp) wasBehind.current = true;
    else if (wasBehind.current) {
      wasBehind.current = false;
      void queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== LAG_KEY });
    }
  }, [catchingUp, queryClient]);
  return catchingUp ? (lag.data?.events_behind ?? 0) : null;
}
