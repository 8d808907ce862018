import type { z } from 'zod';
import { stampOf, type Actor } from '../account/actor.js';
import { assertNever } from '../shared/decider.js';
import { DomainError, ruleViolation, validationFailed } from '../shared/errors.js';
import { emailProblem } from '../validation/credentials.js';
import { imageFileNameProblem } from '../validation/image-file-name.js';
import { quoteGaps } from '../validation/quote-completeness.js';
import type { EmailTarget, ProjectCommand, ProjectCommandOf } from './commands.js';
import { copyBody } from './copy.js';
import { addWeeks, calendarDay } from './dates.js';
import type { DraftBody, EmailKind, ProjectEvent, ProjectEventOf } from './events.js';
import { ProductionState, ProjectDraft } from './model.js';
import { DEFAULT_PRODUCTION_TIME, hasBalanceDue, MAX_PRODUCTION_TIME, MIN_PRODUCTION_TIME, type Project, type ProjectStreamState } from './state.js';
import { actsForOwner, guardTransition, type GuardedCommandType } from './transitions.js';

type GuardedCommand = ProjectCommandOf<GuardedCommandType>;

/** Decides a project command: the events it causes, or a DomainError. */
export function decide(command: ProjectCommand, state: ProjectStreamState): ProjectEvent[] {
  switch (command.type) {
    case 'CreateProject':
      return [createProject(command, state)];
    case 'CopyProject':
      return [copyProject(command, state)];
    case 'EraseCustomerData':
      return [eraseCustomerData(command, state)];
    default:
      return decideOn(existingProject(state), command);
  }
}

/** Any project keyed to the person, deleted ones too: their events hold the address as well. */
function eraseCustomerData(command: ProjectCommandOf<'EraseCustomerData'>, state: ProjectStreamState): ProjectEventOf<'CustomerDataErased'> {
  if (state.status === 'empty') existingProject(state);
  return { type: 'CustomerDataErased', data: { userId: command.userId, ...stampOf(command) } };
}

function existingProject(state: ProjectStreamState): Project {
  if (state.status === 'empty') throw new DomainError('not_found', 'PROJECT_NOT_FOUND', 'This project does not exist.');
  if (state.status === 'deleted') throw new DomainError('not_found', 'PROJECT_DELETED', 'This project was deleted.');
  return state.project;
}

// The transition table is checked first, so each case below only holds its own extra rules.
function decideOn(project: Project, command: GuardedCommand): ProjectEvent[] {
  guardTransition(command.type, command.actor, project);
  const stamp = stampOf(command);
  switch (command.type) {
    case 'SaveDraft':
      return [{ type: 'DraftSaved', data: { ...draftBody(command.draft), ...stamp } }];
    case 'UpdateCheckout':
      return [updateCheckout(project, command)];
    case 'UploadImage':
      return [uploadImage(command)];
    case 'SubmitForReview':
      requireItems(project);
      return [{ type: 'SubmittedForReview', data: stamp }];
    case 'ReturnToDraft':
      return [{ type: 'ReturnedToDraft', data: { from: project.state, reason: command.reason ?? '', ...stamp } }];
    case 'PriceItems':
      return [priceItems(project, command)];
    case 'Approve':
      requireCompleteQuote(project, command);
      return [{ type: 'ProjectApproved', data: stamp }];
    case 'SendInvoice':
      return sendInvoice(project, command);
    case 'RecordPayment':
      return [recordPayment(project, command)];
    case 'Pause':
      return [{ type: 'ProjectPaused', data: { from: project.state === 'I' ? 'I' : 'P', message: command.message, ...stamp } }, ...emailFor(command, 'pause', command.message)];
    case 'Unpause':
      return [{ type: 'ProjectUnpaused', data: { to: project.resume_state ?? 'P', message: command.message, ...stamp } }, ...emailFor(command, 'unpause', command.message)];
    case 'SendReminder':
      return [{ type: 'ReminderSent', data: { message: command.message ?? '', ...stamp } }, ...emailFor(command, 'reminder', command.message ?? '')];
    case 'StartProduction':
      return [startProduction(project, command)];
    case 'ChangeProductionState':
      return changeProductionState(project, command);
    case 'MarkFabricArrived':
      return [markFabricArrived(project, command)];
    case 'CompleteOnsiteVisit':
      if (project.onsite_complete !== null) throw ruleViolation('ONSITE_VISIT_ALREADY_COMPLETE', 'The onsite visit is already complete.');
      return [{ type: 'OnsiteVisitCompleted', data: stamp }];
    case 'SetDueDate':
      return [{ type: 'DueDateSet', data: { due: validDay(command.due, 'due', 'Please enter a valid due date.'), ...stamp } }];
    case 'SetProductionTime':
      return setProductionTime(project, command);
    case 'Complete':
      return [{ type: 'ProjectCompleted', data: stamp }];
    case 'Ship':
      return [ship(project, command)];
    case 'Archive':
      return [{ type: 'ProjectArchived', data: { from: project.state, reason: command.reason ?? '', ...stamp } }];
    case 'Delete':
      return [{ type: 'ProjectDeleted', data: stamp }];
    case 'Transfer':
      return transfer(project, command);
    case 'JoinAccount':
      // Already there (the link used after a log-in did it): nothing to record.
      if (command.toUserId === project.user) return [];
      return [{ type: 'ProjectTransferred', data: { fromUserId: project.user, toUserId: command.toUserId, organizationId: null, ...stamp } }];
    case 'AddNote':
    case 'EditNote':
    case 'DeleteNote':
      return [noteEvent(project, command)];
    case 'RecordEmailSent':
    case 'RecordEmailFailed':
      return [emailOutcome(project, command)];
    case 'RecordPaymentCaptured':
    case 'RecordPaymentCaptureFailed':
      return [captureOutcome(project, command)];
    default:
      return assertNever(command);
  }
}

function createProject(command: ProjectCommandOf<'CreateProject'>, state: ProjectStreamState): ProjectEventOf<'ProjectCreated'> {
  const { ownerId, organizationId } = newOwner(command, state);
  return {
    type: 'ProjectCreated',
    data: { projectId: command.projectId, orderNumber: command.orderNumber, ownerId, organizationId, productionTime: DEFAULT_PRODUCTION_TIME, ...draftBody(command.draft), ...stampOf(command) },
  };
}

function copyProject(command: ProjectCommandOf<'CopyProject'>, state: ProjectStreamState): ProjectEventOf<'ProjectCopied'> {
  const { source } = command;
  if (!command.actor.isStaff && !actsForOwner(command.actor, { user: source.ownerId, organization_id: source.organizationId })) {
    throw new DomainError('forbidden', 'NOT_YOUR_PROJECT', 'Only the owner of a project can copy it.');
  }
  const { ownerId, organizationId } = newOwner(command, state);
  const { body, replacedFabricIds, droppedProductIds } = copyBody(draftBody(source), command.availability);
  return {
    type: 'ProjectCopied',
    data: { projectId: command.projectId, copiedFrom: source.projectId, orderNumber: command.orderNumber, ownerId, organizationId, productionTime: DEFAULT_PRODUCTION_TIME, replacedFabricIds, droppedProductIds, ...body, ...stampOf(command) },
  };
}

/** Customers create projects for themselves (and their organizations); staff for anyone. */
function newOwner(command: ProjectCommandOf<'CreateProject' | 'CopyProject'>, state: ProjectStreamState) {
  if (state.status !== 'empty') throw new DomainError('conflict', 'PROJECT_EXISTS', 'A project with this id already exists.');
  const { actor } = command;
  const ownerId = command.ownerId ?? actor.userId;
  const organizationId = command.organizationId ?? null;
  if (!actor.isStaff && !actsForOwner(actor, { user: ownerId, organization_id: organizationId })) {
    throw new DomainError('forbidden', 'NOT_YOUR_PROJECT', 'Customers can only create projects for themselves.');
  }
  if (!actor.isStaff && organizationId !== null && !(actor.organizationIds ?? []).includes(organizationId)) {
    throw new DomainError('forbidden', 'NOT_A_MEMBER', 'You are not a member of this organization.');
  }
  return { ownerId, organizationId };
}

/** Checks a draft's shape and fills the optional parts, so events always hold every field. */
function draftBody(draft: ProjectDraft): DraftBody {
  const parsed = parseOrThrow(ProjectDraft, draft);
  return {
    name: parsed.name,
    category: parsed.category ?? null,
    fabrics: parsed.fabrics,
    additional_notes: parsed.additional_notes ?? '',
    notes: parsed.notes ?? {},
    shipping_notes: parsed.shipping_notes ?? {},
    shipping_cost: parsed.shipping_cost ?? 0,
  };
}

function parseOrThrow<T>(schema: z.ZodType<T>, value: unknown): T {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  throw validationFailed(result.error.issues.map((issue) => ({ field: issue.path.join('.'), message: issue.message })));
}

const invalid = (field: string, message: string) => validationFailed([{ field, message }]);

/**
 * SPEC §3: a checkout update carries only id, name, state, fabrics, notes and shipping_notes. Of those,
 * the command API accepts id, state and fabrics but ignores them (fabrics cannot change at checkout;
 * state moves by payment), so the change this records is the name, notes and shipping notes.
 */
const CheckoutDetails = ProjectDraft.pick({ name: true, notes: true, shipping_notes: true }).required();

function updateCheckout(project: Project, command: ProjectCommandOf<'UpdateCheckout'>): ProjectEvent {
  const details = parseOrThrow(CheckoutDetails, { name: command.name, notes: command.notes ?? project.notes, shipping_notes: command.shipping_notes ?? project.shipping_notes });
  return { type: 'CheckoutDetailsUpdated', data: { ...details, ...stampOf(command) } };
}

/** SPEC §5 image file names, checked with the editor's own rule and message. */
function uploadImage(command: ProjectCommandOf<'UploadImage'>): ProjectEvent {
  const problem = imageFileNameProblem(command.fileName);
  if (problem !== null) throw invalid('image', problem);
  return { type: 'ImageUploaded', data: { fabricId: command.fabricId, path: command.path, fileName: command.fileName, ...stampOf(command) } };
}

/** SPEC §5 "Every group must contain items": nothing to review or approve otherwise. */
function requireItems(project: Project): void {
  if (project.fabrics.length === 0 || project.fabrics.some((fabric) => fabric.items.length === 0)) {
    throw ruleViolation('NO_ITEMS', 'Add at least one item to every fabric first.');
  }
}

/**
 * Staff must have priced the project since it was (re)submitted, and the quote must be complete by
 * the same SPEC §5 rules the editor shows (validation/quote-completeness, decision 0027).
 */
function requireCompleteQuote(project: Project, command: ProjectCommandOf<'Approve'>): void {
  requireItems(project);
  if (project.priced === null) throw ruleViolation('NOT_PRICED', 'Price the project before approving it.');
  const gaps = quoteGaps(project, command.products);
  const [first] = gaps;
  if (first) throw new DomainError('rule', 'QUOTE_INCOMPLETE', first.message, gaps);
}

function priceItems(project: Project, command: ProjectCommandOf<'PriceItems'>): ProjectEvent {
  const fabrics = command.fabrics ?? [];
  command.items.forEach((price, index) => {
    const fabric = project.fabrics.find((candidate) => candidate.id === price.fabricId);
    if (!fabric?.items[price.itemIndex]) throw invalid(`items.${index}`, 'No such item in this project.');
    requireCents(price.unit_price, `items.${index}.unit_price`);
  });
  fabrics.forEach((price, index) => {
    if (!project.fabrics.some((fabric) => fabric.id === price.fabricId)) throw invalid(`fabrics.${index}`, 'No such fabric in this project.');
    requireCents(price.unit_price, `fabrics.${index}.unit_price`);
  });
  if (command.shippingCost !== undefined) requireCents(command.shippingCost, 'shippingCost');
  return { type: 'ItemsPriced', data: { items: command.items, fabrics, shippingCost: command.shippingCost ?? null, ...stampOf(command) } };
}

function requireCents(value: number, field: string): void {
  if (!Number.isInteger(value) || value < 0) throw invalid(field, 'Prices are whole cents, 0 or more.');
}

function sendInvoice(project: Project, command: ProjectCommandOf<'SendInvoice'>): ProjectEvent[] {
  if (project.state !== 'A' && !hasBalanceDue(project)) throw ruleViolation('NOTHING_TO_INVOICE', 'This project is paid in full.');
  const message = command.message ?? '';
  return [
    { type: 'InvoiceSent', data: { email: command.email.to, amountDue: project.balance_remaining, ...stampOf(command) } },
    ...emailFor(command, 'invoice', message),
  ];
}

function recordPayment(project: Project, command: ProjectCommandOf<'RecordPayment'>): ProjectEvent {
  if (project.state !== 'A' && !hasBalanceDue(project)) throw ruleViolation('ALREADY_PAID', 'This project is already paid in full.');
  if (!Number.isInteger(command.amount) || command.amount <= 0) throw invalid('amount', 'Please enter a payment amount.');
  const remaining = command.partial ? command.remaining : 0;
  if (remaining === undefined || !Number.isInteger(remaining) || (command.partial && remaining <= 0)) {
    throw invalid('remaining', 'A partial payment needs the amount still owed.');
  }
  return { type: 'PaymentRecorded', data: { amount: command.amount, partial: command.partial, remaining, details: command.details ?? '', chargeId: command.chargeId ?? null, ...stampOf(command) } };
}

/** The e-mail a command asks for, if it names a recipient. */
function emailFor(command: { email?: EmailTarget; at: string; actor: Actor }, kind: EmailKind, message: string): ProjectEvent[] {
  const { email } = command;
  if (!email) return [];
  const problem = emailProblem(email.to);
  if (problem !== null) throw invalid('email', problem);
  return [{ type: 'EmailRequested', data: { emailId: email.emailId, kind, to: email.to, message, ...stampOf(command) } }];
}

/** Lead time runs from the start of production unless staff already fixed a due date. */
function startProduction(project: Project, command: ProjectCommandOf<'StartProduction'>): ProjectEvent {
  const start = validDay(command.at, 'at', 'The command time is not a valid date.');
  return { type: 'ProductionStarted', data: { due: project.due ?? addWeeks(start, project.production_time), ...stampOf(command) } };
}

function validDay(value: string, field: string, message: string): string {
  const day = calendarDay(value);
  if (day === null) throw invalid(field, message);
  return day;
}

function changeProductionState(project: Project, command: ProjectCommandOf<'ChangeProductionState'>): ProjectEvent[] {
  const to = parseOrThrow(ProductionState, command.productionState);
  // Setting the state it already has is a harmless repeat (a double click), not an error.
  if (to === project.production_state) return [];
  return [{ type: 'ProductionStateChanged', data: { from: project.production_state, to, ...stampOf(command) } }];
}

function markFabricArrived(project: Project, command: ProjectCommandOf<'MarkFabricArrived'>): ProjectEvent {
  const fabricId = command.fabricId ?? null;
  const fabric = fabricId === null ? undefined : project.fabrics.find((candidate) => candidate.id === fabricId);
  if (fabricId !== null && !fabric) throw new DomainError('not_found', 'FABRIC_NOT_FOUND', 'This project has no such fabric.');
  const already = fabric ? fabric.arrived === true : project.fabric_arrived !== null;
  if (already) throw ruleViolation('FABRIC_ALREADY_ARRIVED', 'This fabric is already marked as arrived.');
  return { type: 'FabricReceived', data: { fabricId, ...stampOf(command) } };
}

function setProductionTime(project: Project, command: ProjectCommandOf<'SetProductionTime'>): ProjectEvent[] {
  const { weeks } = command;
  if (!Number.isInteger(weeks) || weeks < MIN_PRODUCTION_TIME || weeks > MAX_PRODUCTION_TIME) {
    throw invalid('production_time', `Production time is ${MIN_PRODUCTION_TIME} to ${MAX_PRODUCTION_TIME} weeks.`);
  }
  if (weeks === project.production_time) return [];
  return [{ type: 'ProductionTimeSet', data: { weeks, ...stampOf(command) } }];
}

/** A shipment leaves only when paid in full; parcels (delivery type 0) need a carrier and tracking number. */
function ship(project: Project, command: ProjectCommandOf<'Ship'>): ProjectEvent {
  if (hasBalanceDue(project)) throw ruleViolation('BALANCE_OUTSTANDING', 'Record the remaining payment before shipping.');
  const carrier = command.carrier ?? null;
  const trackingNumber = command.trackingNumber?.trim() || null;
  const parcel = project.shipping_notes.delivery_type === 0;
  if ((carrier === null) !== (trackingNumber === null) || (parcel && carrier === null)) {
    throw invalid('tracking_number', 'Please choose a carrier and enter a tracking number.');
  }
  return { type: 'ProjectShipped', data: { carrier, trackingNumber, ...stampOf(command) } };
}

function transfer(project: Project, command: ProjectCommandOf<'Transfer'>): ProjectEvent[] {
  if (command.toUserId === project.user) throw ruleViolation('SAME_OWNER', 'The project already belongs to this user.');
  const transferred: ProjectEvent = {
    type: 'ProjectTransferred',
    data: { fromUserId: project.user, toUserId: command.toUserId, organizationId: command.organizationId ?? null, ...stampOf(command) },
  };
  return [transferred, ...emailFor(command, 'transfer', `Project "${project.name}" was transferred to you.`)];
}

function noteEvent(project: Project, command: ProjectCommandOf<'AddNote' | 'EditNote' | 'DeleteNote'>): ProjectEvent {
  const exists = project.staff_notes.some((note) => note.id === command.noteId);
  const stamp = stampOf(command);
  if (command.type === 'AddNote') {
    if (exists) throw new DomainError('conflict', 'NOTE_EXISTS', 'A note with this id already exists.');
    return { type: 'NoteAdded', data: { noteId: command.noteId, text: noteText(command.text), ...stamp } };
  }
  if (!exists) throw new DomainError('not_found', 'NOTE_NOT_FOUND', 'This note does not exist.');
  if (command.type === 'EditNote') return { type: 'NoteEdited', data: { noteId: command.noteId, text: noteText(command.text), ...stamp } };
  return { type: 'NoteDeleted', data: { noteId: command.noteId, ...stamp } };
}

function noteText(text: string): string {
  const trimmed = text.trim();
  if (trimmed === '') throw invalid('text', 'Please enter a note.');
  return trimmed;
}

/** A charge's capture is reported once: a second report (a retry after a crash) is refused, and the reactor takes that as done. */
function captureOutcome(project: Project, command: ProjectCommandOf<'RecordPaymentCaptured' | 'RecordPaymentCaptureFailed'>): ProjectEvent {
  const charge = (project.charges ?? []).find((candidate) => candidate.chargeId === command.chargeId);
  if (!charge) throw new DomainError('not_found', 'CHARGE_NOT_FOUND', 'No card payment with this charge was recorded.');
  if (charge.status !== 'authorized') throw ruleViolation('CHARGE_ALREADY_SETTLED', 'This card payment was already captured or failed.');
  const stamp = stampOf(command);
  if (command.type === 'RecordPaymentCaptured') return { type: 'PaymentCaptured', data: { chargeId: command.chargeId, attempts: command.attempts, ...stamp } };
  return { type: 'PaymentCaptureFailed', data: { chargeId: command.chargeId, reason: command.reason, attempts: command.attempts, ...stamp } };
}

function emailOutcome(project: Project, command: ProjectCommandOf<'RecordEmailSent' | 'RecordEmailFailed'>): ProjectEvent {
  const email = project.emails.find((candidate) => candidate.emailId === command.emailId);
  if (!email) throw new DomainError('not_found', 'EMAIL_NOT_FOUND', 'No such e-mail was requested.');
  // A failed e-mail may be retried; one that went out is settled for good.
  if (email.status === 'sent') throw ruleViolation('EMAIL_ALREADY_SENT', 'This e-mail was already sent.');
  const stamp = stampOf(command);
  if (command.type === 'RecordEmailSent') return { type: 'EmailSent', data: { emailId: command.emailId, ...stamp } };
  return { type: 'EmailFailed', data: { emailId: command.emailId, reason: command.reason, ...stamp } };
}
