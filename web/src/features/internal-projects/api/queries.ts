import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/query-keys';
import { fetchCardPayments } from './card-payments';
import { fetchCatalogueProducts } from './catalogue';
import { fetchAuditLog, fetchCustomer, fetchLogDigest, fetchInternalProject, type InternalProject } from './internal-projects';

/** Cache keys of the staff project reads: everything about one project sits under its id. */
export const internalProjectKeys = {
  all: queryKeys.internalProject,
  project: (id: string) => [...queryKeys.internalProject(id), 'project'] as const,
  customer: (id: string) => [...queryKeys.internalProject(id), 'customer'] as const,
  audit: (id: string) => [...queryKeys.internalProject(id), 'audit'] as const,
  payments: (id: string) => [...queryKeys.internalProject(id), 'payments'] as const,
  products: ['catalogue', 'products'] as const,
  list: queryKeys.internalProjectList,
};

export function useInternalProject(id: string) {
  return useQuery({ queryKey: internalProjectKeys.project(id), queryFn: () => fetchInternalProject(id) });
}

export function useProjectCustomer(id: string) {
  return useQuery({ queryKey: internalProjectKeys.customer(id), queryFn: () => fetchCustomer(id) });
}

/** The event log of the project; a failure to read it shows as an empty log, as before. */
export function useAuditLog(id: string) {
  return useQuery({ queryKey: internalProjectKeys.audit(id), queryFn: () => fetchAuditLog(id).catch(() => []) });
}

/** The project's card payments and their captures; read again with the project's other reads when it changes. */
export function useCardPayments(id: string) {
  return useQuery({ queryKey: internalProjectKeys.payments(id), queryFn: () => fetchCardPayments(id) });
}

/** The newest signed digest of the log; its error (none sealed yet, a signature that fails) is what the page says. */
export function useLogDigest() {
  return useQuery({ queryKey: ['log-digest'] as const, queryFn: fetchLogDigest, retry: false });
}

/** The catalogue changes only with a deploy of the seed: read once per visit. */
export function useCatalogueProducts() {
  return useQuery({ queryKey: internalProjectKeys.products, queryFn: fetchCatalogueProducts, staleTime: Infinity });
}

/**
 * A staff write on the project. Writes answer with the new revision but without the read side's
 * activity log, so the project is read again at that revision (X-Min-Revision: read your own
 * write), put in the cache, and the project's other reads and the staff list are invalidated.
 */
export function useProjectAction(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (action: () => Promise<InternalProject>) => {
      const written = await action();
      return fetchInternalProject(id, written.revision).catch(() => written);
    },
    onSuccess: async (project) => {
      client.setQueryData(internalProjectKeys.project(id), project);
      await Promise.all([
        client.invalidateQueries({ queryKey: internalProjectKeys.audit(id) }),
        client.invalidateQueries({ queryKey: internalProjectKeys.payments(id) }),
        client.invalidateQueries({ queryKey: internalProjectKeys.list }),
      ]);
    },
  });
}
