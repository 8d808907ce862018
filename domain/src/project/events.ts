import { z } from 'zod';
import { EventStamp } from '../account/actor.js';
import { Cents, Fabric, ProductionState, ProjectNotes, ProjectState, ShippingNotes } from './model.js';

/**
 * Project stream events: past-tense business facts. Each is `{ type, data }`, which maps
 * one-to-one onto the event store's `type` and `data`. Every `data` records when (`at`, ISO)
 * and by whom (`by`, a user id) the fact happened, because the timeline and audit log show both.
 */

const event = <T extends string, S extends z.ZodRawShape>(type: T, shape: S) =>
  z.object({ type: z.literal(type), data: z.object({ ...shape, ...EventStamp }) });

export const carriers = ['usps', 'ups', 'fedex'] as const;
export const Carrier = z.enum(carriers);
export type Carrier = z.infer<typeof Carrier>;

export const emailKinds = ['invoice', 'pause', 'unpause', 'reminder', 'transfer'] as const;
export const EmailKind = z.enum(emailKinds);
export type EmailKind = z.infer<typeof EmailKind>;

/** The editable body as stored in events; drafts may be incomplete. */
const DraftBody = {
  name: z.string().max(200),
  category: z.string().max(8).nullable(),
  fabrics: z.array(Fabric),
  additional_notes: z.string().max(8000),
  notes: ProjectNotes,
  shipping_notes: ShippingNotes,
  shipping_cost: Cents,
};

/**
 * The shop's short order number (#1042), allocated by the command side from a database sequence
 * and passed in (decision 0315). Projects created before it existed have none: optional, never upcast.
 */
const OrderNumber = z.number().int().positive().optional();

export const ProjectCreated = event('ProjectCreated', {
  projectId: z.string().min(1),
  orderNumber: OrderNumber,
  ownerId: z.string().min(1),
  organizationId: z.string().nullable(),
  productionTime: z.number().int(),
  ...DraftBody,
});

/** A new project made from another one (SPEC §9 "COPY OF: "); the body is already cleaned up. */
export const ProjectCopied = event('ProjectCopied', {
  projectId: z.string().min(1),
  copiedFrom: z.string().min(1),
  orderNumber: OrderNumber,
  ownerId: z.string().min(1),
  organizationId: z.string().nullable(),
  productionTime: z.number().int(),
  /** Fabric ids replaced by the Undecided placeholder, and product ids dropped, for the audit log. */
  replacedFabricIds: z.array(z.string()),
  droppedProductIds: z.array(z.number().int()),
  ...DraftBody,
});

export const DraftSaved = event('DraftSaved', DraftBody);

/** At checkout the customer may change only the name, notes and shipping details (SPEC §3). */
export const CheckoutDetailsUpdated = event('CheckoutDetailsUpdated', {
  name: z.string().max(200),
  notes: ProjectNotes,
  shipping_notes: ShippingNotes,
});

export const ImageUploaded = event('ImageUploaded', {
  fabricId: z.string().min(1),
  /** Storage path chosen by the command side. */
  path: z.string().min(1),
  fileName: z.string().min(1),
});

export const SubmittedForReview = event('SubmittedForReview', {});

/** Back to D: the customer withdrew a submission or staff sent it back for changes. */
export const ReturnedToDraft = event('ReturnedToDraft', {
  from: ProjectState,
  reason: z.string().max(4000),
});

const ItemPrice = z.object({
  fabricId: z.string().min(1),
  itemIndex: z.number().int().min(0),
  unit_price: Cents,
  yardage: z.number().min(0).optional(),
  self_welt: z.number().min(0).optional(),
  piping: Cents.optional(),
  contrast_welt: Cents.optional(),
});
export type ItemPrice = z.infer<typeof ItemPrice>;

const FabricPrice = z.object({ fabricId: z.string().min(1), unit_price: Cents });
export type FabricPrice = z.infer<typeof FabricPrice>;

export const ItemsPriced = event('ItemsPriced', {
  items: z.array(ItemPrice),
  fabrics: z.array(FabricPrice),
  shippingCost: Cents.nullable(),
});

export const ProjectApproved = event('ProjectApproved', {});

export const InvoiceSent = event('InvoiceSent', {
  email: z.string().min(1),
  /** Cents still owed when the invoice went out. */
  amountDue: Cents.nullable(),
});

export const PaymentRecorded = event('PaymentRecorded', {
  amount: Cents,
  partial: z.boolean(),
  /** Cents still owed after this payment; 0 for a full payment. */
  remaining: Cents,
  details: z.string().max(2000),
  /**
   * The gateway's reference of the charge, null for a payment staff recorded by hand.
   * Schema version 2; version 1 had it only inside `details` (see project/upcasters.ts).
   */
  chargeId: z.string().max(200).nullable(),
});

/**
 * The gateway captured a card payment's authorisation (the charge `chargeId` of a PaymentRecorded):
 * the money is taken. Written by the payment reactor (actor system) after the capture, never by a
 * person (docs/decisions/0380).
 */
export const PaymentCaptured = event('PaymentCaptured', {
  chargeId: z.string().min(1).max(200),
  /** How many capture attempts it took (1 unless the gateway refused for a while or a crash interrupted one). */
  attempts: z.number().int().min(1),
});

/** The gateway refused every capture attempt: the authorisation stands uncaptured, for staff to settle. */
export const PaymentCaptureFailed = event('PaymentCaptureFailed', {
  chargeId: z.string().min(1).max(200),
  reason: z.string().max(2000),
  attempts: z.number().int().min(1),
});

export const ProjectPaused = event('ProjectPaused', {
  from: z.enum(['P', 'I']),
  message: z.string().max(8000),
});

export const ProjectUnpaused = event('ProjectUnpaused', {
  to: z.enum(['P', 'I']),
  message: z.string().max(8000),
});

export const ReminderSent = event('ReminderSent', { message: z.string().max(8000) });

export const ProductionStarted = event('ProductionStarted', {
  /** Due date (YYYY-MM-DD) fixed at start: the one already set, or start + production time. */
  due: z.string().min(1),
});

export const ProductionStateChanged = event('ProductionStateChanged', {
  from: ProductionState,
  to: ProductionState,
});

export const FabricReceived = event('FabricReceived', {
  /** null: every fabric of the project arrived at once. */
  fabricId: z.string().nullable(),
});

export const OnsiteVisitCompleted = event('OnsiteVisitCompleted', {});

export const DueDateSet = event('DueDateSet', { due: z.string().min(1) });

export const ProductionTimeSet = event('ProductionTimeSet', { weeks: z.number().int() });

export const ProjectCompleted = event('ProjectCompleted', {});

export const ProjectShipped = event('ProjectShipped', {
  /** null for pick-up or our own delivery, where there is no carrier. */
  carrier: Carrier.nullable(),
  trackingNumber: z.string().nullable(),
});

export const ProjectArchived = event('ProjectArchived', {
  from: ProjectState,
  reason: z.string().max(4000),
});

/** The customer deleted a draft: the project reads as D with empty fields from here on. */
export const ProjectDeleted = event('ProjectDeleted', {});

export const ProjectTransferred = event('ProjectTransferred', {
  fromUserId: z.string().min(1),
  toUserId: z.string().min(1),
  /** The receiving user's organization, or null to detach the project from any organization. */
  organizationId: z.string().nullable(),
});

export const NoteAdded = event('NoteAdded', { noteId: z.string().min(1), text: z.string() });
export const NoteEdited = event('NoteEdited', { noteId: z.string().min(1), text: z.string() });
export const NoteDeleted = event('NoteDeleted', { noteId: z.string().min(1) });

/** An e-mail the shop must send; the mail reactor sends it and reports EmailSent or EmailFailed. */
export const EmailRequested = event('EmailRequested', {
  emailId: z.string().min(1),
  kind: EmailKind,
  to: z.string().min(1),
  message: z.string().max(8000),
});
export const EmailSent = event('EmailSent', { emailId: z.string().min(1) });
export const EmailFailed = event('EmailFailed', { emailId: z.string().min(1), reason: z.string().max(2000) });

/** The owner's personal data was erased (their key destroyed): their fields here read as erased now. */
export const CustomerDataErased = event('CustomerDataErased', { userId: z.string().min(1) });

export const ProjectEvent = z.discriminatedUnion('type', [
  ProjectCreated,
  ProjectCopied,
  DraftSaved,
  CheckoutDetailsUpdated,
  ImageUploaded,
  SubmittedForReview,
  ReturnedToDraft,
  ItemsPriced,
  ProjectApproved,
  InvoiceSent,
  PaymentRecorded,
  PaymentCaptured,
  PaymentCaptureFailed,
  ProjectPaused,
  ProjectUnpaused,
  ReminderSent,
  ProductionStarted,
  ProductionStateChanged,
  FabricReceived,
  OnsiteVisitCompleted,
  DueDateSet,
  ProductionTimeSet,
  ProjectCompleted,
  ProjectShipped,
  ProjectArchived,
  ProjectDeleted,
  ProjectTransferred,
  NoteAdded,
  NoteEdited,
  NoteDeleted,
  EmailRequested,
  EmailSent,
  EmailFailed,
  CustomerDataErased,
]);
export type ProjectEvent = z.infer<typeof ProjectEvent>;
export type ProjectEventType = ProjectEvent['type'];
export type ProjectEventOf<T extends ProjectEventType> = Extract<ProjectEvent, { type: T }>;
export const projectEventTypes = ProjectEvent.options.map((option) => option.shape.type.value);

/** The editable body of a project as events carry it (ProjectDraft with defaults filled in). */
export type DraftBody = Omit<ProjectEventOf<'DraftSaved'>['data'], 'at' | 'by'>;
