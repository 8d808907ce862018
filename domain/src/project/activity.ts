import { assertNever } from '../shared/decider.js';
import type { ProjectEventType } from './events.js';

/** SPEC §4 activity kinds: P Payment, S State Transition, E Email, PR Production. */
export type ActivityKind = 'P' | 'S' | 'E' | 'PR';

export const activityKindLabels: Record<ActivityKind, string> = { P: 'Payment', S: 'State Transition', E: 'Email', PR: 'Production' };

/**
 * The activity log entry kind of an event, or null for events the activity log leaves to the
 * audit log (docs/decisions/0012-activity-kinds.md).
 */
export function activityKind(type: ProjectEventType): ActivityKind | null {
  switch (type) {
    case 'PaymentRecorded':
      return 'P';
    case 'SubmittedForReview':
    case 'ReturnedToDraft':
    case 'ProjectApproved':
    case 'ProjectPaused':
    case 'ProjectUnpaused':
    case 'ProductionStarted':
    case 'ProjectCompleted':
    case 'ProjectShipped':
    case 'ProjectArchived':
    case 'ProjectDeleted':
      return 'S';
    case 'InvoiceSent':
    case 'ReminderSent':
    case 'EmailFailed':
      return 'E';
    case 'ProductionStateChanged':
    case 'FabricReceived':
    case 'OnsiteVisitCompleted':
    case 'DueDateSet':
    case 'ProductionTimeSet':
      return 'PR';
    case 'ProjectCreated':
    case 'ProjectCopied':
    case 'DraftSaved':
    case 'CheckoutDetailsUpdated':
    case 'ImageUploaded':
    case 'ItemsPriced':
    case 'ProjectTransferred':
    case 'NoteAdded':
    case 'NoteEdited':
    case 'NoteDeleted':
    case 'EmailRequested':
    case 'EmailSent':
    case 'CustomerDataErased':
      return null;
    // The customer's payment is the PaymentRecorded above; the capture behind it is staff's to follow (docs/decisions/0380).
    case 'PaymentCaptured':
    case 'PaymentCaptureFailed':
      return null;
    default:
      return assertNever(type);
  }
}
