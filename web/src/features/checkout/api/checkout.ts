import type { Fabric, ProjectNotes, ProjectState, ShippingNotes, ShownCost } from '@shop/domain';
import { apiClient } from '../../../lib/api-client';
import { tokenizeSandboxCard } from './sandbox-card-widget';

/** GET /api/checkout/{id}/ — the project as checkout shows it (SPEC §3 fields, money in cents). */
export interface CheckoutProject {
  /** The short order number; null for a project older than numbers (decision 0315). */
  order_number: number | null;
  /** "#1042", or "Ref. fd31a7ee" for an older project: what the page shows. */
  order_label: string;
  id: string;
  name: string;
  state: ProjectState;
  fabrics: Fabric[];
  notes: ProjectNotes;
  shipping_notes: ShippingNotes;
  shipping_cost: number;
  fabric_arrived: boolean;
  /** Cents still owed after a partial payment; null before any payment. */
  balance_remaining: number | null;
  cost?: ShownCost;
  revision?: number;
}

function toCheckoutProject(data: unknown): CheckoutProject {
  const d = (typeof data === 'object' && data !== null ? data : {}) as Partial<CheckoutProject>;
  return {
    ...d,
    id: String(d.id ?? ''),
    order_number: d.order_number ?? null,
    order_label: d.order_label ?? '',
    name: d.name ?? '',
    state: d.state ?? 'D',
    fabrics: Array.isArray(d.fabrics) ? d.fabrics : [],
    notes: d.notes ?? {},
    shipping_notes: d.shipping_notes ?? {},
    shipping_cost: d.shipping_cost ?? 0,
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
