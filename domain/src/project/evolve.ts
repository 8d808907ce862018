import { ERASED } from '../account/personal-data.js';
import { assertNever } from '../shared/decider.js';
import type { DraftBody, ProjectEvent, ProjectEventOf } from './events.js';
import type { ProjectNotes } from './model.js';
import type { CardCharge, Project, ProjectStreamState } from './state.js';
import { withPrices } from './prices.js';

/** Folds one event into the stream state. Events are facts: evolve never rejects one. */
export function evolve(state: ProjectStreamState, event: ProjectEvent): ProjectStreamState {
  switch (event.type) {
    case 'ProjectCreated':
    case 'ProjectCopied':
      return { status: 'existing', project: created(event) };
    case 'ProjectDeleted':
      return state.status === 'empty' ? state : { status: 'deleted', project: deleted(state.project, event.data.at) };
    case 'CustomerDataErased':
      // Deleted projects too: they stay in the audit log.
      return state.status === 'empty' ? state : { status: state.status, project: erasedProject(state.project) };
    default:
      return state.status === 'existing' ? { status: 'existing', project: applyChange(state.project, event) } : state;
  }
}

// The draft's fields come last: V8 builds a literal that opens with a spread (`{ ...body(data),
// id, ... }`) and goes on with thirty more fields on a slow path, with a lot of garbage each time;
// every command on a project and every rebuild folds one.
function created(event: ProjectEventOf<'ProjectCreated' | 'ProjectCopied'>): Project {
  const { data } = event;
  return {
    id: data.projectId,
    order_number: data.orderNumber ?? null,
    user: data.ownerId,
    organization_id: data.organizationId,
    state: 'D',
    production_state: 'N',
    created: data.at,
    updated: data.at,
    submitted: null,
    priced: null,
    approved: null,
    paused: null,
    unpaused: null,
    started: null,
    due: null,
    paid: null,
    completed: null,
    shipped: null,
    archived: null,
    onsite_complete: null,
    fabric_arrived: null,
    production_time: data.productionTime,
    resume_state: null,
    payments: [],
    balance_remaining: null,
    shipment: null,
    staff_notes: [],
    emails: [],
    uploads: [],
    copied_from: event.type === 'ProjectCopied' ? event.data.copiedFrom : null,
    ...body(data),
  };
}

/**
 * The project with a new draft body. Saving a draft is the commonest event by far (the editor
 * saves as the customer types), so it gets one literal of every field, in \`created\`'s order,
 * instead of \`{ ...project, ...body(data) }\`: V8 copies a literal's fixed shape in one go, where
 * the second spread redefined seven fields one by one and left garbage behind. TypeScript holds it
 * to Project.
 */
const withBody = (p: Project, data: DraftBody): Project => ({
  id: p.id,
  order_number: p.order_number,
  user: p.user,
  organization_id: p.organization_id,
  state: p.state,
  production_state: p.production_state,
  created: p.created,
  updated: p.updated,
  submitted: p.submitted,
  priced: p.priced,
  approved: p.approved,
  paused: p.paused,
  unpaused: p.unpaused,
  started: p.started,
  due: p.due,
  paid: p.paid,
  completed: p.completed,
  shipped: p.shipped,
  archived: p.archived,
  onsite_complete: p.onsite_complete,
  fabric_arrived: p.fabric_arrived,
  production_time: p.production_time,
  resume_state: p.resume_state,
  payments: p.payments,
  ...(p.charges ? { charges: p.charges } : {}),
  balance_remaining: p.balance_remaining,
  shipment: p.shipment,
  staff_notes: p.staff_notes,
  emails: p.emails,
  uploads: p.uploads,
  copied_from: p.copied_from,
  name: data.name,
  category: data.category,
  fabrics: data.fabrics,
  additional_notes: data.additional_notes,
  notes: data.notes,
  shipping_notes: data.shipping_notes,
  shipping_cost: data.shipping_cost,
});

const body = (data: DraftBody): DraftBody => ({
  name: data.name,
  category: data.category,
  fabrics: data.fabrics,
  additional_notes: data.additional_notes,
  notes: data.notes,
  shipping_notes: data.shipping_notes,
  shipping_cost: data.shipping_cost,
});

/** SPEC §4: "Deleting a project resets it to D with empty fields". */
const deleted = (project: Project, at: string): Project => ({
  ...project,
  ...body({ name: '', category: null, fabrics: [], additional_notes: '', notes: {}, shipping_notes: {}, shipping_cost: 0 }),
  state: 'D',
  updated: at,
});

type ChangeEvent = Exclude<ProjectEvent, { type: 'ProjectCreated' | 'ProjectCopied' | 'ProjectDeleted' | 'CustomerDataErased' }>;

function applyChange(project: Project, event: ChangeEvent): Project {
  const changed = change(project, event);
  if (changed === project) return { ...project, updated: event.data.at };
  // Every other answer of \`change\` is a new object no one else holds yet: stamping it instead of
  // copying its thirty-odd fields a second time is what a rebuild would otherwise spend most of
  // evolve's time on. evolve.test.ts checks that no input is ever changed.
  (changed as { updated: string }).updated = event.data.at;
  return changed;
}

// One case per event, each a small pure update; the switch ends in assertNever.
function change(project: Project, event: ChangeEvent): Project {
  const { data } = event;
  switch (event.type) {
    case 'DraftSaved':
      return withBody(project, event.data);
    case 'CheckoutDetailsUpdated':
      return { ...project, name: event.data.name, notes: event.data.notes, shipping_notes: event.data.shipping_notes };
    case 'ImageUploaded':
      return { ...project, uploads: [...project.uploads, { fabricId: event.data.fabricId, path: event.data.path, fileName: event.data.fileName, at: data.at }] };
    case 'SubmittedForReview':
      // A (re)submission needs fresh pricing by staff before it can be approved.
      return { ...project, state: 'R', submitted: data.at, priced: null };
    case 'ReturnedToDraft':
      return { ...project, state: 'D', approved: null };
    case 'ItemsPriced':
      return priced(project, event);
    case 'ProjectApproved':
      return { ...project, state: 'A', approved: data.at };
    case 'InvoiceSent':
    case 'ReminderSent':
      return project;
    case 'PaymentRecorded':
      return paymentRecorded(project, event);
    case 'PaymentCaptured':
      return settleCharge(project, event.data.chargeId, { status: 'captured', settled: data.at, failure: null, attempts: event.data.attempts });
    case 'PaymentCaptureFailed':
      return settleCharge(project, event.data.chargeId, { status: 'capture_failed', settled: data.at, failure: event.data.reason, attempts: event.data.attempts });
    case 'ProjectPaused':
      return { ...project, state: 'PS', paused: data.at, resume_state: event.data.from };
    case 'ProjectUnpaused':
      return { ...project, state: event.data.to, unpaused: data.at, resume_state: null };
    case 'ProductionStarted':
      return { ...project, state: 'I', started: data.at, due: event.data.due };
    case 'ProductionStateChanged':
      return { ...project, production_state: event.data.to };
    case 'FabricReceived':
      return fabricArrived(project, event.data.fabricId, data.at);
    case 'OnsiteVisitCompleted':
      return { ...project, onsite_complete: data.at };
    case 'DueDateSet':
      return { ...project, due: event.data.due };
    case 'ProductionTimeSet':
      return { ...project, production_time: event.data.weeks };
    case 'ProjectCompleted':
      return { ...project, state: 'C', completed: data.at };
    case 'ProjectShipped':
      return { ...project, state: 'S', shipped: data.at, shipment: { carrier: event.data.carrier, trackingNumber: event.data.trackingNumber } };
    case 'ProjectArchived':
      return { ...project, state: 'X', archived: data.at };
    case 'ProjectTransferred':
      return { ...project, user: event.data.toUserId, organization_id: event.data.organizationId };
    case 'NoteAdded':
      return { ...project, staff_notes: [...project.staff_notes, { id: event.data.noteId, text: event.data.text, author: data.by, created: data.at, updated: null }] };
    case 'NoteEdited':
      return { ...project, staff_notes: project.staff_notes.map((note) => (note.id === event.data.noteId ? { ...note, text: event.data.text, updated: data.at } : note)) };
    case 'NoteDeleted':
      return { ...project, staff_notes: project.staff_notes.filter((note) => note.id !== event.data.noteId) };
    case 'EmailRequested':
      return { ...project, emails: [...project.emails, { emailId: event.data.emailId, kind: event.data.kind, to: event.data.to, status: 'requested', requested: data.at, settled: null, failure: null }] };
    case 'EmailSent':
      return settleEmail(project, event.data.emailId, { status: 'sent', settled: data.at, failure: null });
    case 'EmailFailed':
      return settleEmail(project, event.data.emailId, { status: 'failed', settled: data.at, failure: event.data.reason });
    default:
      return assertNever(event);
  }
}

function priced(project: Project, event: ProjectEventOf<'ItemsPriced'>): Project {
  const { items, fabrics, shippingCost } = event.data;
  return {
    ...project,
    priced: event.data.at,
    fabrics: withPrices(project.fabrics, items, fabrics),
    shipping_cost: shippingCost ?? project.shipping_cost,
  };
}

function paymentRecorded(project: Project, event: ProjectEventOf<'PaymentRecorded'>): Project {
  const { amount, partial, remaining, chargeId, at, by } = event.data;
  return {
    ...project,
    // The first payment books the project (A → P); later ones settle the balance.
    state: project.state === 'A' ? 'P' : project.state,
    paid: project.paid ?? at,
    payments: [...project.payments, { amount, partial, remaining, at, by }],
    ...(chargeId ? { charges: [...(project.charges ?? []), { chargeId, amount, authorized: at, status: 'authorized' as const, settled: null, failure: null, attempts: 0 }] } : {}),
    balance_remaining: remaining,
    notes: withPaymentDetails(project.notes, partial, remaining),
  };
}

function settleCharge(project: Project, chargeId: string, outcome: Pick<CardCharge, 'status' | 'settled' | 'failure' | 'attempts'>): Project {
  return { ...project, charges: (project.charges ?? []).map((charge) => (charge.chargeId === chargeId ? { ...charge, ...outcome } : charge)) };
}

/** SPEC §3 keeps payment details in notes, with `remaining` in dollars (§9 converts it to cents). */
const withPaymentDetails = (notes: ProjectNotes, partial: boolean, remaining: number): ProjectNotes => ({
  ...notes,
  payment_details: { partial_payment: partial && remaining > 0, details: { remaining: remaining / 100 } },
});

function fabricArrived(project: Project, fabricId: string | null, at: string): Project {
  const fabrics = project.fabrics.map((fabric) => (fabricId === null || fabric.id === fabricId ? { ...fabric, arrived: true } : fabric));
  const all = fabrics.every((fabric) => fabric.arrived === true);
  return { ...project, fabrics, fabric_arrived: all ? project.fabric_arrived ?? at : null };
}

function settleEmail(project: Project, emailId: string, outcome: Pick<Project['emails'][number], 'status' | 'settled' | 'failure'>): Project {
  return { ...project, emails: project.emails.map((email) => (email.emailId === emailId ? { ...email, ...outcome } : email)) };
}

/**
 * The project with its owner's personal fields as a replay after key destruction reads them
 * (personal-data.ts): every address field present, e-mail recipients and upload file names.
 */
function erasedProject(project: Project): Project {
  const address = project.shipping_notes.shipping_address;
  const erasedAddress = address ? Object.fromEntries(Object.entries(address).map(([key, value]) => [key, typeof value === 'string' ? ERASED : value])) : undefined;
  return {
    ...project,
    shipping_notes: erasedAddress ? { ...project.shipping_notes, shipping_address: erasedAddress } : project.shipping_notes,
    emails: project.emails.map((email) => ({ ...email, to: ERASED })),
    uploads: project.uploads.map((upload) => ({ ...upload, fileName: ERASED })),
  };
}
