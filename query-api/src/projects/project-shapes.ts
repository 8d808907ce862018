import { costDetails, progressSteps, shownCost, type CostDetails, type ProjectView, type ShownCost } from '@shop/domain';
import type { ActivityRow, TimelineRow } from '@shop/projectors/queries';

/** The SPEC §3 Project fields every project answer has (docs/api-conventions.md). */
function specFields(view: ProjectView) {
  return {
    id: view.id,
    order_number: view.order_number,
    order_label: view.order_label,
    name: view.name,
    user: view.user,
    state: view.state,
    production_state: view.production_state,
    created: view.created,
    updated: view.updated,
    submitted: view.submitted,
    approved: view.approved,
    paused: view.paused,
    unpaused: view.unpaused,
    started: view.started,
    due: view.due,
    paid: view.paid,
    onsite_complete: view.onsite_complete,
    fabric_arrived: view.fabric_arrived,
    partial_payment: view.partial_payment,
    project_ready: view.project_ready,
    fabrics: view.fabrics,
    additional_notes: view.additional_notes,
    notes: view.notes,
    shipping_notes: view.shipping_notes,
    shipping_cost: view.shipping_cost,
    category: view.category,
    total_quantity: view.total_quantity,
    contains_upholstery: view.contains_upholstery,
    organization: view.organization,
    organization_id: view.organization_id,
    items: view.items,
    production_time: view.production_time,
    has_upholstery: view.has_upholstery,
    readiness: view.readiness,
  };
}

const paymentOf = (view: ProjectView) => ({ paidInFull: view.paid !== null && !view.partial_payment });

/** The domain's cost details, as figures to add up (statistics); "paid in full" means paid without a balance still owed. */
export const costOf = (view: ProjectView): CostDetails => costDetails(view, paymentOf(view));

/** The cost details an answer shows: null where the project is not priced yet ("Price TBD", decision 0196). */
export const shownCostOf = (view: ProjectView): ShownCost => shownCost(view, paymentOf(view));

/** GET /projects/{id}/ and /checkout/{id}/: the customer's view, with their timeline as `events`. */
export function customerProject(view: ProjectView, revision: number, timeline: readonly TimelineRow[]) {
  // Added to the SPEC fields' own object, in this order (the answer's key order): spreading 34
  // fields into a new literal cost the detail read more than its JSON (issue 34's profile).
  return Object.assign(specFields(view), {
    events: timeline,
    shipment: view.shipment,
    progress: progressSteps(view),
    cost: shownCostOf(view),
    revision,
  });
}

/** GET /internal/projects/{id}/: everything, with the activity log as `events` and `activity`. */
export function internalProject(view: ProjectView, revision: number, activity: readonly ActivityRow[]) {
  return Object.assign(specFields(view), {
    events: activity,
    activity,
    staff_notes: view.staff_notes,
    cost: shownCostOf(view),
    completed: view.completed,
    shipped: view.shipped,
    archived: view.archived,
    onsite_completed_at: view.onsite_completed_at,
    fabric_arrived_at: view.fabric_arrived_at,
    paid_amount: view.paid_amount,
    balance_remaining: view.balance_remaining,
    shipment: view.shipment,
    copied_from: view.copied_from,
    deleted: view.deleted,
    progress: progressSteps(view),
    revision,
  });
}

/** A list entry (docs/api-conventions.md). */
export function projectSummary(view: ProjectView) {
  return {
    id: view.id,
    order_number: view.order_number,
    order_label: view.order_label,
    name: view.name,
    state: view.state,
    production_state: view.production_state,
    user: view.user,
    organization_id: view.organization_id,
    created: view.created,
    updated: view.updated,
    submitted: view.submitted,
    approved: view.approved,
    paid: view.paid,
    due: view.due,
    total_quantity: view.total_quantity,
    readiness: view.readiness,
    total: shownCostOf(view).total,
  };
}
