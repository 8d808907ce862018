import type { Carrier } from './events.js';
import type { Fabric, LineItem, ProductionState, ProjectNotes, ProjectState, ShippingNotes } from './model.js';
import { orderLabel } from './order-number.js';
import { readinessLabel, type ReadinessLabel } from './readiness.js';
import type { ProjectStreamState, StaffNote } from './state.js';
import { trackingLink } from './tracking.js';

/**
 * The SPEC §3 Project as the API shows it, derived from the write-side state alone, so the read
 * side can rebuild it at any past revision (time travel) by folding events and calling this.
 * `events`, `organization` details and `cost` need other streams or the pricing engine and are
 * added by the read side.
 */
export interface ProjectView {
  id: string;
  /** The short order number (decision 0315); null for projects created before numbers existed. */
  order_number: number | null;
  /** `#1042`, or the fallback of an older project: what pages, mail and prints call it. */
  order_label: string;
  name: string;
  user: string;
  state: ProjectState;
  production_state: ProductionState;
  created: string;
  updated: string;
  submitted: string | null;
  approved: string | null;
  paused: string | null;
  unpaused: string | null;
  started: string | null;
  due: string | null;
  paid: string | null;
  completed: string | null;
  shipped: string | null;
  archived: string | null;
  onsite_complete: boolean;
  onsite_completed_at: string | null;
  fabric_arrived: boolean;
  fabric_arrived_at: string | null;
  partial_payment: boolean;
  project_ready: boolean;
  readiness: ReadinessLabel;
  fabrics: Fabric[];
  items: LineItem[];
  additional_notes: string;
  notes: ProjectNotes;
  shipping_notes: ShippingNotes;
  shipping_cost: number;
  category: string | null;
  organization: string | null;
  organization_id: string | null;
  production_time: number;
  total_quantity: number;
  has_upholstery: boolean;
  contains_upholstery: boolean;
  paid_amount: number;
  balance_remaining: number | null;
  shipment: { carrier: Carrier | null; tracking_number: string | null; tracking_url: string | null } | null;
  staff_notes: StaffNote[];
  copied_from: string | null;
  deleted: boolean;
}

/** null for a stream that holds no project. */
export function projectView(state: ProjectStreamState): ProjectView | null {
  if (state.status === 'empty') return null;
  const { project } = state;
  const items = project.fabrics.flatMap((fabric) => fabric.items);
  const fabricArrived = project.fabric_arrived !== null;
  const onsiteComplete = project.onsite_complete !== null;
  const hasUpholstery = items.some((item) => item.has_upholstery === true);
  const orderNumber = project.order_number ?? null; // states stored before numbers existed lack the field
  return {
    id: project.id,
    order_number: orderNumber,
    order_label: orderLabel({ id: project.id, order_number: orderNumber }),
    name: project.name,
    user: project.user,
    state: project.state,
    production_state: project.production_state,
    created: project.created,
    updated: project.updated,
    submitted: project.submitted,
    approved: project.approved,
    paused: project.paused,
    unpaused: project.unpaused,
    started: project.started,
    due: project.due,
    paid: project.paid,
    completed: project.completed,
    shipped: project.shipped,
    archived: project.archived,
    onsite_complete: onsiteComplete,
    onsite_completed_at: project.onsite_complete,
    fabric_arrived: fabricArrived,
    fabric_arrived_at: project.fabric_arrived,
    partial_payment: (project.balance_remaining ?? 0) > 0,
    project_ready: fabricArrived && onsiteComplete,
    readiness: readinessLabel({ fabric_arrived: fabricArrived, onsite_complete: onsiteComplete }),
    fabrics: project.fabrics,
    items,
    additional_notes: project.additional_notes,
    notes: project.notes,
    shipping_notes: project.shipping_notes,
    shipping_cost: project.shipping_cost,
    category: project.category,
    organization: project.organization_id,
    organization_id: project.organization_id,
    production_time: project.production_time,
    total_quantity: items.reduce((sum, item) => sum + (item.quantity ?? 0), 0),
    has_upholstery: hasUpholstery,
    contains_upholstery: hasUpholstery,
    paid_amount: project.payments.reduce((sum, payment) => sum + payment.amount, 0),
    balance_remaining: project.balance_remaining,
    shipment: project.shipment && {
      carrier: project.shipment.carrier,
      tracking_number: project.shipment.trackingNumber,
      tracking_url: project.shipment.carrier && project.shipment.trackingNumber ? trackingLink(project.shipment.carrier, project.shipment.trackingNumber) : null,
    },
    staff_notes: project.staff_notes,
    copied_from: project.copied_from,
    deleted: state.status === 'deleted',
  };
}
