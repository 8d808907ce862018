import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';

/** How many times a failed read is tried again when the server could not be reached or failed. */
const READ_RETRIES = 2;

/**
 * Server state for the whole app (TanStack Query). Reads are cached per key for half a minute; the
 * live push (features/live) invalidates what changes, and the project reads that must never look
 * older than the server (the lists, the summary's followed project) set their own staleTime.
 * Reads are retried on network and server failures, never on an answer about the request itself
 * (4xx): asking again for a project that is not there, or not yours, cannot succeed.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        retry: (failures, error) => failures < READ_RETRIES && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
      },
      mutations: { retry: false },
    },
  });
}
