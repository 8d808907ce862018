import { productionStateLabels, trackingLink, type ProjectEvent } from '@shop/domain';

export interface TimelineStep {
  step: string;
  label: string;
  detail: Record<string, unknown>;
}

/**
 * The customer timeline step an event makes, or null for events a customer does not follow
 * (drafting, pricing, staff notes, e-mail bookkeeping, transfers). Nothing staff-only goes in:
 * no archive or return reasons, no notes, no actors.
 */
export function timelineStep(event: ProjectEvent): TimelineStep | null {
  switch (event.type) {
    case 'ProjectCreated':
    case 'ProjectCopied':
      return step('created', 'Project created');
    case 'SubmittedForReview':
      return step('submitted', 'Submitted for review');
    case 'ReturnedToDraft':
      return step('returned_to_draft', 'Returned to draft');
    case 'ProjectApproved':
      return step('approved', 'Quote approved');
    case 'PaymentRecorded':
      return event.data.partial && event.data.remaining > 0
        ? step('partially_paid', 'Partial payment received', { amount: event.data.amount, remaining: event.data.remaining })
        : step('paid', 'Payment received', { amount: event.data.amount });
    case 'FabricReceived':
      return event.data.fabricId === null ? step('fabric_arrived', 'Fabric arrived') : step('fabric_arrived', 'Fabric arrived', { fabric_id: event.data.fabricId });
    case 'OnsiteVisitCompleted':
      return step('onsite_visit_completed', 'Onsite visit completed');
    case 'ProductionStarted':
      return step('production_started', 'Production started', { due: event.data.due });
    case 'ProductionStateChanged':
      return step('production', productionStateLabels[event.data.to], { production_state: event.data.to });
    case 'DueDateSet':
      return step('due_date_set', 'Due date set', { due: event.data.due });
    case 'ProjectPaused':
      return step('paused', 'Paused', { message: event.data.message });
    case 'ProjectUnpaused':
      return step('resumed', 'Resumed', { message: event.data.message });
    case 'ProjectCompleted':
      return step('completed', 'Completed');
    case 'ProjectShipped':
      return step('shipped', 'Shipped', shipment(event.data.carrier, event.data.trackingNumber));
    case 'ProjectArchived':
      return step('archived', 'Archived');
    default:
      return null;
  }
}

const step = (name: string, label: string, detail: Record<string, unknown> = {}): TimelineStep => ({ step: name, label, detail });

function shipment(carrier: 'usps' | 'ups' | 'fedex' | null, trackingNumber: string | null): Record<string, unknown> {
  return {
    carrier,
    tracking_number: trackingNumber,
    tracking_url: carrier && trackingNumber ? trackingLink(carrier, trackingNumber) : null,
  };
}
