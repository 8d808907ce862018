import type { ShippingNotes } from '@shop/domain';
import { apiClient } from '../../../lib/api-client';
import { projectAnswerOf, type ProjectAnswer } from '../../../lib/project-answer';
import { tokenizeSandboxCard } from './sandbox-card-widget';

/** GET /api/checkout/{id}/ — the project as checkout shows it (SPEC §3 fields, money in cents). */
export interface CheckoutProject extends ProjectAnswer {
  fabric_arrived: boolean;
  /** Cents still owed after a partial payment; null before any payment. */
  balance_remaining: number | null;
  revision?: number;
}

function toCheckoutProject(data: unknown): CheckoutProject {
  const d = projectAnswerOf<CheckoutProject>(data);
  return {
    ...d,
    fabric_arrived: d.fabric_arrived === true,
    // The customer's view has no balance field: a partial payment's balance is the cost's remaining.
    balance_remaining:
      typeof d.balance_remaining === 'number' ? d.balance_remaining : (d as { partial_payment?: boolean }).partial_payment && d.cost ? d.cost.remaining : null,
  };
}

const checkoutPath = (id: string) => `/checkout/${encodeURIComponent(id)}/`;

/** Read-your-writes (decision 0062): after a write, a read waits until its revision is projected. */
const afterRevisionHeaders = (id: string, afterRevision?: number) =>
  afterRevision === undefined ? undefined : { headers: { 'X-Min-Revision': `project-${id}@${afterRevision}` } };

export async function fetchCheckout(id: string, afterRevision?: number): Promise<CheckoutProject> {
  return toCheckoutProject(await apiClient.get<unknown>(checkoutPath(id), afterRevisionHeaders(id, afterRevision)));
}

/** The card (tokenized in the browser by the gateway's widget; sandbox: 4242 4242 4242 4242 succeeds); `deposit` pays half now. */
export interface PaymentInput {
  card_number: string;
  deposit: boolean;
}

export interface PaymentAnswer {
  project: CheckoutProject;
  testMode: boolean;
}

/**
 * PUT /api/checkout/{id}/ — SPEC §3: the checkout update carries only id, name, state, fabrics,
 * notes and shipping_notes; the payment token rides along for the gateway.
 */
export async function payCheckout(project: CheckoutProject, shippingNotes: ShippingNotes, payment: PaymentInput): Promise<PaymentAnswer> {
  const paymentDetails = payment.deposit ? { payment_details: { ...project.notes.payment_details, partial_payment: true } } : {};
  const body = {
    id: project.id,
    name: project.name,
    state: project.state,
    fabrics: project.fabrics,
    notes: { ...project.notes, ...paymentDetails },
    shipping_notes: shippingNotes,
    payment: { token: tokenizeSandboxCard(payment.card_number) },
    // What the page showed (the amount included): a changed project is refused, not charged (decision 0176).
    revision: project.revision ?? -1,
  };
  const data = await apiClient.put<{ payment_gateway?: { test_mode?: unknown } } | undefined>(checkoutPath(project.id), body);
  return { project: toCheckoutProject(data), testMode: data?.payment_gateway?.test_mode !== false };
}

export interface TimelineEntry {
  step: string;
  label: string;
  at: string;
  detail: Record<string, unknown>;
}

/** GET /api/projects/{id}/timeline/ — the customer's timeline; after a payment, at its revision. */
export async function fetchCustomerTimeline(id: string, afterRevision?: number): Promise<TimelineEntry[]> {
  // Answers { id, state, progress, shipment, steps }; a bare list is accepted too.
  const data = await apiClient.get<{ steps?: TimelineEntry[] } | TimelineEntry[] | undefined>(
    `/projects/${encodeURIComponent(id)}/timeline/`,
    afterRevisionHeaders(id, afterRevision),
  );
  return Array.isArray(data) ? data : (data?.steps ?? []);
}
