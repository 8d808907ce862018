import type { ShippingNotes } from '@shop/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/query-keys';
import { fetchCheckout, fetchCustomerTimeline, payCheckout, type CheckoutProject, type PaymentInput } from './checkout';

/** Cache keys of the checkout's reads, under the project's so the customer's other reads of it go with them. */
const checkoutKeys = {
  project: (id: string) => [...queryKeys.project(id), 'checkout'] as const,
  timeline: (id: string) => [...queryKeys.project(id), 'timeline'] as const,
};

/** The timeline; a failure to read it shows as an empty timeline, as before. */
const readTimeline = (id: string, afterRevision?: number) => fetchCustomerTimeline(id, afterRevision).catch(() => []);

export function useCheckout(id: string) {
  return useQuery({ queryKey: checkoutKeys.project(id), queryFn: () => fetchCheckout(id) });
}

export function useCheckoutTimeline(id: string) {
  return useQuery({ queryKey: checkoutKeys.timeline(id), queryFn: () => readTimeline(id) });
}

interface Payment {
  project: CheckoutProject;
  shippingNotes: ShippingNotes;
  payment: PaymentInput;
}

/**
 * Pays. The answer carries the project's new revision, so the checkout and its timeline are read
 * again at that revision (X-Min-Revision: read your own write) and put in the cache; should that
 * read fail, the answer itself is shown. The customer's project list is invalidated.
 */
export function usePayment(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ project, shippingNotes, payment }: Payment) => {
      const answer = await payCheckout(project, shippingNotes, payment);
      const updated = answer.project;
      // A write may answer with less than the whole project; what was shown stays in that case.
      const written: CheckoutProject = { ...project, ...updated, id: updated.id || project.id, fabrics: updated.fabrics.length ? updated.fabrics : project.fabrics };
      const revision = updated.revision;
      const read = revision === undefined ? written : await fetchCheckout(id, revision).catch(() => written);
      return { project: read, testMode: answer.testMode, revision };
    },
    onSuccess: ({ project, revision }) => {
      client.setQueryData(checkoutKeys.project(id), project);
      // The timeline shown so far stays until the new one is read, as the payment's success shows at once.
      void client.fetchQuery({ queryKey: checkoutKeys.timeline(id), queryFn: () => readTimeline(id, revision), staleTime: 0 });
      void client.invalidateQueries({ queryKey: queryKeys.projectList });
    },
  });
}
