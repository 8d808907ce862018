import type { Actor } from '../../account/actor.js';
import { fold } from '../../shared/decider.js';
import { projectDecider } from '../decider.js';
import type { Project } from '../state.js';
import type { ProjectCommandOf, ProjectCommandType } from '../commands.js';
import type { ProjectEvent, ProjectEventOf } from '../events.js';
import type { ProjectDraft, ProjectState } from '../model.js';

/** Shared givens for the project tests: actors, a draft, and histories that reach each state. */

export const customer: Actor = { userId: 'u-1', isStaff: false };
export const stranger: Actor = { userId: 'u-9', isStaff: false };
export const member: Actor = { userId: 'u-2', isStaff: false, organizationIds: ['org-1'] };
export const staff: Actor = { userId: 's-1', isStaff: true };

export const T = {
  created: '2024-03-01T10:00:00.000Z',
  submitted: '2024-03-02T10:00:00.000Z',
  priced: '2024-03-03T10:00:00.000Z',
  approved: '2024-03-04T10:00:00.000Z',
  paid: '2024-03-05T10:00:00.000Z',
  started: '2024-03-06T10:00:00.000Z',
  paused: '2024-03-07T10:00:00.000Z',
  completed: '2024-03-20T10:00:00.000Z',
  shipped: '2024-03-21T10:00:00.000Z',
  archived: '2024-03-22T10:00:00.000Z',
  now: '2024-04-01T09:30:00.000Z',
};

export const draft: ProjectDraft = {
  name: 'Living room',
  category: 'P',
  fabrics: [
    { id: 'f-1', name: 'Linen', source: 'shop', unit_price: 2500, items: [{ product_id: 12, quantity: 2, unit_price: null, yardage: 1.5 }] },
    { id: 'f-2', name: 'My velvet', source: 'customer', items: [{ product_id: 0, quantity: 1, name: 'Bench', has_upholstery: true }] },
  ],
  additional_notes: 'Please hurry',
  notes: { tax_exempt: false },
  shipping_notes: { delivery_type: 0, shipping_address: { recipient_name: 'Ann', line1: '1 Main St', city: 'Brooklyn', state: 'NY', postal_code: '11201' } },
  shipping_cost: 0,
};

const stamp = (at: string, by: string) => ({ at, by });

export const created = (overrides: Partial<ProjectEventOf<'ProjectCreated'>['data']> = {}): ProjectEvent => ({
  type: 'ProjectCreated',
  data: {
    projectId: 'p-1',
    ownerId: customer.userId,
    organizationId: null,
    productionTime: 3,
    name: draft.name,
    category: 'P',
    fabrics: draft.fabrics,
    additional_notes: 'Please hurry',
    notes: { tax_exempt: false },
    shipping_notes: draft.shipping_notes ?? {},
    shipping_cost: 0,
    ...stamp(T.created, customer.userId),
    ...overrides,
  },
});

export const submitted: ProjectEvent = { type: 'SubmittedForReview', data: stamp(T.submitted, customer.userId) };
export const priced: ProjectEvent = {
  type: 'ItemsPriced',
  data: { items: [{ fabricId: 'f-1', itemIndex: 0, unit_price: 4000 }, { fabricId: 'f-2', itemIndex: 0, unit_price: 30000, yardage: 3 }], fabrics: [], shippingCost: 1500, ...stamp(T.priced, staff.userId) },
};
export const approved: ProjectEvent = { type: 'ProjectApproved', data: stamp(T.approved, staff.userId) };
export const paidInFull: ProjectEvent = { type: 'PaymentRecorded', data: { amount: 50000, partial: false, remaining: 0, details: '', chargeId: null, ...stamp(T.paid, customer.userId) } };
export const paidPartly: ProjectEvent = { type: 'PaymentRecorded', data: { amount: 25000, partial: true, remaining: 25000, details: 'deposit', chargeId: null, ...stamp(T.paid, customer.userId) } };
export const started: ProjectEvent = { type: 'ProductionStarted', data: { due: '2024-03-27', ...stamp(T.started, staff.userId) } };
export const pausedFrom = (from: 'P' | 'I'): ProjectEvent => ({ type: 'ProjectPaused', data: { from, message: 'Waiting on you', ...stamp(T.paused, staff.userId) } });
export const completed: ProjectEvent = { type: 'ProjectCompleted', data: stamp(T.completed, staff.userId) };
export const shipped: ProjectEvent = { type: 'ProjectShipped', data: { carrier: 'ups', trackingNumber: '1Z999', ...stamp(T.shipped, staff.userId) } };
export const archivedFrom = (from: ProjectState): ProjectEvent => ({ type: 'ProjectArchived', data: { from, reason: '', ...stamp(T.archived, staff.userId) } });
export const deleted: ProjectEvent = { type: 'ProjectDeleted', data: stamp(T.archived, customer.userId) };

const toA = [created(), submitted, priced, approved];
const toI = [...toA, paidInFull, started];

/** A shortest realistic history reaching each state. */
export const historyTo: Record<ProjectState, ProjectEvent[]> = {
  D: [created()],
  R: [created(), submitted],
  A: toA,
  P: [...toA, paidInFull],
  I: toI,
  PS: [...toI, pausedFrom('I')],
  C: [...toI, { type: 'ProjectCompleted', data: stamp(T.completed, staff.userId) }],
  S: [...toI, completed, shipped],
  X: [created(), archivedFrom('D')],
};

/** A well-formed command of each type, so table tests can exercise the state machine alone. */
export function commandFor<K extends ProjectCommandType>(type: K, actor: Actor, at = T.now): ProjectCommandOf<K> {
  const email = { emailId: 'e-1', to: 'ann@example.com' };
  const extra: { [K in ProjectCommandType]: Omit<ProjectCommandOf<K>, 'type' | 'at' | 'actor'> } = {
    CreateProject: { projectId: 'p-1', orderNumber: 1042, draft },
    CopyProject: { projectId: 'p-2', orderNumber: 1043, source: { ...draft, projectId: 'p-1', ownerId: customer.userId, organizationId: null }, availability: { fabrics: {}, activeProductIds: [12] } },
    SaveDraft: { draft },
    UpdateCheckout: { name: 'Living room' },
    UploadImage: { fabricId: 'f-1', path: 'uploads/p-1/a.png', fileName: 'a.png' },
    SubmitForReview: {},
    ReturnToDraft: {},
    PriceItems: { items: [] },
    Approve: { products: [] },
    SendInvoice: { email },
    RecordPayment: { amount: 100, partial: true, remaining: 100 },
    Pause: { message: 'hold' },
    Unpause: { message: 'go' },
    SendReminder: { email },
    StartProduction: {},
    ChangeProductionState: { productionState: 'CIP' },
    MarkFabricArrived: {},
    CompleteOnsiteVisit: {},
    SetDueDate: { due: '2024-05-01' },
    SetProductionTime: { weeks: 5 },
    Complete: {},
    Ship: { carrier: 'usps', trackingNumber: '9400' },
    Archive: {},
    Delete: {},
    Transfer: { toUserId: 'u-3' },
    JoinAccount: { toUserId: 'u-3' },
    AddNote: { noteId: 'n-1', text: 'Call back' },
    EditNote: { noteId: 'n-1', text: 'Called' },
    DeleteNote: { noteId: 'n-1' },
    RecordEmailSent: { emailId: 'e-1' },
    RecordEmailFailed: { emailId: 'e-1', reason: 'bounced' },
    RecordPaymentCaptured: { chargeId: 'ch-1', attempts: 1 },
    RecordPaymentCaptureFailed: { chargeId: 'ch-1', reason: 'refused', attempts: 5 },
    EraseCustomerData: { userId: customer.userId },
  };
  return { type, at, actor, ...extra[type] } as ProjectCommandOf<K>;
}


/** The project a history leads to (the histories above always hold one). */
export function projectIn(state: ProjectState): Project {
  const folded = fold(projectDecider, historyTo[state]);
  if (folded.status === 'empty') throw new Error('history holds no project');
  return folded.project;
}
