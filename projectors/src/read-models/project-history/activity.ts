import { activityKind, activityKindLabels, ERASED, personalFields, productionStateLabels, projectEventTypes, projectStateLabels, type ActivityKind, type ProjectEvent } from '@shop/domain';
import { formatCents } from './money-text.js';

export interface ActivityEntry {
  kind: ActivityKind;
  text: string;
}

/** The staff activity log line for an event; the kind comes from the domain, the wording from here. */
export function activityEntry(event: ProjectEvent): ActivityEntry | null {
  const kind = activityKind(event.type);
  return kind ? { kind, text: activityText(event) ?? activityKindLabels[kind] } : null;
}

function activityText(event: ProjectEvent): string | null {
  switch (event.type) {
    case 'PaymentRecorded':
      return event.data.partial
        ? `Partial payment of ${formatCents(event.data.amount)} recorded, ${formatCents(event.data.remaining)} remaining`
        : `Payment of ${formatCents(event.data.amount)} recorded`;
    case 'SubmittedForReview':
      return 'Submitted for review';
    case 'ReturnedToDraft':
      return `Returned to draft from ${projectStateLabels[event.data.from]}${event.data.reason ? `: ${event.data.reason}` : ''}`;
    case 'ProjectApproved':
      return 'Approved';
    case 'ProjectPaused':
      return `Paused (was ${projectStateLabels[event.data.from]})`;
    case 'ProjectUnpaused':
      return `Resumed to ${projectStateLabels[event.data.to]}`;
    case 'ProductionStarted':
      return `Production started, due ${event.data.due}`;
    case 'ProjectCompleted':
      return 'Completed';
    case 'ProjectShipped':
      return event.data.carrier ? `Shipped with ${event.data.carrier.toUpperCase()} ${event.data.trackingNumber ?? ''}`.trim() : 'Shipped';
    case 'ProjectArchived':
      return `Archived${event.data.reason ? `: ${event.data.reason}` : ''}`;
    case 'ProjectDeleted':
      return 'Deleted by the customer';
    case 'InvoiceSent':
      return `Invoice sent to ${event.data.email}`;
    case 'ReminderSent':
      return 'Reminder sent';
    case 'EmailFailed':
      return `E-mail could not be sent: ${event.data.reason}`;
    case 'ProductionStateChanged':
      return `Production: ${productionStateLabels[event.data.from]} → ${productionStateLabels[event.data.to]}`;
    case 'FabricReceived':
      return event.data.fabricId ? `Fabric ${event.data.fabricId} arrived` : 'All fabric arrived';
    case 'OnsiteVisitCompleted':
      return 'Onsite visit completed';
    case 'DueDateSet':
      return `Due date set to ${event.data.due}`;
    case 'ProductionTimeSet':
      return `Production time set to ${event.data.weeks} weeks`;
    default:
      return null;
  }
}

/**
 * Where a line quotes one of its event's personal fields (an invoice's address, a mail server's
 * refusal): the words around the field, found by wording each such event with a marker in it.
 */
const MARKER = '\u0000personal\u0000';
const quotingLines: ReadonlyArray<{ before: string; after: string }> = Object.entries(personalFields).flatMap(([type, paths]) =>
  paths.flatMap((path) => {
    // Only top-level fields are worded into lines; a nested path never reaches the text.
    if (path.includes('.') || !projectEventTypes.includes(type as ProjectEvent['type']) || !activityKind(type as ProjectEvent['type'])) return [];
    const text = activityText({ type, data: { [path]: MARKER } } as unknown as ProjectEvent) ?? '';
    const at = text.indexOf(MARKER);
    return at < 0 ? [] : [{ before: text.slice(0, at), after: text.slice(at + MARKER.length) }];
  }),
);

/**
 * An activity line as it reads once its owner is erased: the personal field it quotes replaced by
 * ERASED, as `activityEntry` words the event read with a destroyed key. Null for a line that quotes
 * none. The line's words before and after the field are fixed per event type and no two types
 * share them, so the line alone says where the field is.
 */
export function erasedActivityText(text: string): string | null {
  for (const { before, after } of quotingLines) {
    if (text.length >= before.length + after.length && text.startsWith(before) && text.endsWith(after)) return `${before}${ERASED}${after}`;
  }
  return null;
}
