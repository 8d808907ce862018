import { SYSTEM_ACTOR } from '../account/actor.js';
import type { ProjectEventType } from './events.js';
import { productionStateLabels, projectStateLabels } from './transitions.js';
import type { ProductionState, ProjectState } from './model.js';

/**
 * How the audit log and the customer timeline say things to people
 * (docs/decisions/0150-audit-log-in-words.md). Pure: the same functions word the query API's
 * answers and the web's CSV, so the words cannot drift apart.
 */

/** Who acted, as people see it: the shop's own reactors are "system". */
export type ActorRole = 'staff' | 'customer' | 'system' | 'unknown';

// The one system actor's id (domain/src/account/actor.ts), not a second spelling of it.
export const SYSTEM_ACTOR_ID = SYSTEM_ACTOR.userId;

/** The role of an actor id, given the account it names (null when no account has that id). */
export function actorRole(actorId: string, account: { is_staff: boolean } | null): ActorRole {
  if (actorId === SYSTEM_ACTOR_ID) return 'system';
  if (!account) return 'unknown';
  return account.is_staff ? 'staff' : 'customer';
}

/** "Wendy Walker (customer)", "The shop (system)"; an id only when no account has it. */
export function actorInWords(actorId: string, name: string | null, role: ActorRole): string {
  if (role === 'system') return 'The shop (system)';
  if (!name) return `Unknown user ${actorId}`;
  return `${name} (${role})`;
}

/**
 * Each event's business name (for filters and CSV) and what the actor did (for the sentence).
 * Where the customer timeline shows the event, the name is its label there, so staff and
 * customers use the same words (checked in projectors' timeline test).
 */
export const projectEventWording: Record<ProjectEventType, { name: string; did: string }> = {
  ProjectCreated: { name: 'Project created', did: 'created the project' },
  ProjectCopied: { name: 'Project copied', did: 'created the project as a copy' },
  DraftSaved: { name: 'Design saved', did: 'saved the design' },
  CheckoutDetailsUpdated: { name: 'Checkout details updated', did: 'updated the checkout details' },
  ImageUploaded: { name: 'Image uploaded', did: 'uploaded an image' },
  SubmittedForReview: { name: 'Submitted for review', did: 'submitted the project for review' },
  ReturnedToDraft: { name: 'Returned to draft', did: 'returned the project to draft' },
  ItemsPriced: { name: 'Items priced', did: 'priced the items' },
  ProjectApproved: { name: 'Quote approved', did: 'approved the quote' },
  InvoiceSent: { name: 'Invoice sent', did: 'sent the invoice' },
  PaymentRecorded: { name: 'Payment received', did: 'recorded a payment' },
  PaymentCaptured: { name: 'Card payment captured', did: 'captured the card payment' },
  PaymentCaptureFailed: { name: 'Card capture failed', did: 'failed to capture the card payment' },
  ProjectPaused: { name: 'Paused', did: 'paused the project' },
  ProjectUnpaused: { name: 'Resumed', did: 'resumed the project' },
  ReminderSent: { name: 'Reminder sent', did: 'sent a reminder' },
  ProductionStarted: { name: 'Production started', did: 'started production' },
  ProductionStateChanged: { name: 'Production step changed', did: 'moved production to the next step' },
  FabricReceived: { name: 'Fabric arrived', did: 'marked the fabric as arrived' },
  OnsiteVisitCompleted: { name: 'Onsite visit completed', did: 'completed the onsite visit' },
  DueDateSet: { name: 'Due date set', did: 'set the due date' },
  ProductionTimeSet: { name: 'Production time set', did: 'set the production time' },
  ProjectCompleted: { name: 'Completed', did: 'completed the project' },
  ProjectShipped: { name: 'Shipped', did: 'shipped the project' },
  ProjectArchived: { name: 'Archived', did: 'archived the project' },
  ProjectDeleted: { name: 'Project deleted', did: 'deleted the project' },
  ProjectTransferred: { name: 'Project transferred', did: 'transferred the project' },
  NoteAdded: { name: 'Note added', did: 'added a staff note' },
  NoteEdited: { name: 'Note edited', did: 'edited a staff note' },
  NoteDeleted: { name: 'Note deleted', did: 'deleted a staff note' },
  EmailRequested: { name: 'E-mail requested', did: 'asked for an e-mail to be sent' },
  EmailSent: { name: 'E-mail sent', did: 'sent an e-mail' },
  EmailFailed: { name: 'E-mail failed', did: 'failed to send an e-mail' },
  CustomerDataErased: { name: 'Customer data erased', did: "erased the customer's personal data" },
};

/** The business name of an event type; an unknown (newer) type is shown as it is stored. */
export function eventName(type: string): string {
  return (projectEventWording as Record<string, { name: string } | undefined>)[type]?.name ?? type;
}

export function eventDid(type: string): string {
  return (projectEventWording as Record<string, { did: string } | undefined>)[type]?.did ?? `recorded ${type}`;
}

/** Integer cents as dollars: 31250 → "$312.50", -500 → "-$5.00". */
export function formatDollars(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.round(cents));
  const dollars = Math.floor(abs / 100).toLocaleString('en-US');
  return `${sign}$${dollars}.${String(abs % 100).padStart(2, '0')}`;
}

/** An ISO date or date-time as MM/dd/yyyy (its UTC calendar day); anything else as it is. */
export function formatUsDate(value: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  return match ? `${match[2]}/${match[3]}/${match[1]}` : value;
}

/** A change of one field, as people read it. */
export interface ChangeInWords {
  field: string;
  label: string;
  from: string;
  to: string;
}

type Format = (value: unknown) => string;

const text: Format = (value) => (typeof value === 'string' && value !== '' ? value : '—');
const money: Format = (value) => (typeof value === 'number' ? formatDollars(value) : '—');
const day: Format = (value) => (typeof value === 'string' ? formatUsDate(value) : '—');
const yesNo: Format = (value) => (value === true ? 'Yes' : value === false ? 'No' : '—');
const count: Format = (value) => (typeof value === 'number' ? String(value) : '—');
const weeks: Format = (value) => (typeof value === 'number' ? `${value} weeks` : '—');
const state: Format = (value) => projectStateLabels[value as ProjectState] ?? text(value);
const production: Format = (value) => productionStateLabels[value as ProductionState] ?? text(value);
const listSize: Format = (value) => (Array.isArray(value) ? String(value.length) : '—');
const shipment: Format = (value) => {
  if (!value || typeof value !== 'object') return '—';
  const { carrier, tracking_number } = value as { carrier?: string | null; tracking_number?: string | null };
  return [carrier, tracking_number].filter(Boolean).join(' ') || '—';
};

/**
 * The fields of the project view that matter to people, in the order they are listed, with their
 * labels. Ids, folds and derived flags that repeat another field are left out; the raw event
 * keeps everything.
 */
const PEOPLE_FIELDS: ReadonlyArray<[field: string, label: string, format: Format]> = [
  ['name', 'Name', text],
  ['state', 'State', state],
  ['production_state', 'Production', production],
  ['readiness', 'Readiness', text],
  ['category', 'Category', text],
  ['organization', 'Organization', text],
  ['total_quantity', 'Pieces', count],
  ['fabrics', 'Fabrics', listSize],
  ['items', 'Line items', listSize],
  ['shipping_cost', 'Shipping', money],
  ['paid_amount', 'Paid', money],
  ['balance_remaining', 'Balance due', money],
  ['partial_payment', 'Partly paid', yesNo],
  ['submitted', 'Submitted on', day],
  ['approved', 'Approved on', day],
  ['paid', 'Paid on', day],
  ['paused', 'Paused on', day],
  ['unpaused', 'Resumed on', day],
  ['started', 'Started on', day],
  ['due', 'Due', day],
  ['production_time', 'Production time', weeks],
  ['fabric_arrived', 'Fabric arrived', yesNo],
  ['onsite_complete', 'Onsite visit done', yesNo],
  ['completed', 'Completed on', day],
  ['shipped', 'Shipped on', day],
  ['shipment', 'Shipment', shipment],
  ['archived', 'Archived on', day],
  ['staff_notes', 'Staff notes', listSize],
  ['additional_notes', 'Customer notes', text],
  ['deleted', 'Deleted', yesNo],
];

/** The changes that matter to people, labelled and formatted; the rest stays in the raw event. */
export function changesInWords(changes: ReadonlyArray<{ field: string; from: unknown; to: unknown }>): ChangeInWords[] {
  const byField = new Map(changes.map((change) => [change.field, change]));
  const words: ChangeInWords[] = [];
  for (const [field, label, format] of PEOPLE_FIELDS) {
    const change = byField.get(field);
    if (!change) continue;
    const from = format(change.from);
    const to = format(change.to);
    if (from !== to) words.push({ field, label, from, to });
  }
  return words;
}

/** "Ops (staff) approved the quote: State Review → Approved". */
export function auditSentence(who: string, type: string, changes: readonly ChangeInWords[]): string {
  const main = changes.slice(0, 3).map((change) => (change.from === '—' ? `${change.label} ${change.to}` : `${change.label} ${change.from} → ${change.to}`));
  return `${who} ${eventDid(type)}${main.length > 0 ? `: ${main.join(', ')}` : ''}`;
}
