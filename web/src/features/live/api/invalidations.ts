import type { QueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/query-keys';
import type { LiveChange } from './live-stream';

/**
 * The cached reads a pushed change makes stale. Reads on screen are fetched again at once; the
 * others when next shown. The server only sends what this user may read, so staff-only keys are
 * simply absent from a customer's cache.
 */
export function invalidateFor(client: QueryClient, change: LiveChange): void {
  const keys: Array<readonly unknown[]> = [];
  if (change.project_id) {
    keys.push(queryKeys.project(change.project_id), queryKeys.projectList, queryKeys.internalProject(change.project_id), queryKeys.internalProjectList);
  } else if (change.stream.startsWith('organization-')) {
    keys.push(queryKeys.organizations);
  } else if (change.stream === 'notifications') {
    keys.push(queryKeys.notifications);
  }
  for (const queryKey of keys) void client.invalidateQueries({ queryKey });
}
