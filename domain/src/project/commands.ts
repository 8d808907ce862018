import type { CommandContext } from '../account/actor.js';
import type { CatalogueProduct } from '../catalogue/schemas.js';
import type { Carrier, FabricPrice, ItemPrice } from './events.js';
import type { ProductionState, ProjectDraft, ProjectNotes, ShippingNotes } from './model.js';

/**
 * Project commands: imperatives decided against one project stream. Ids, time, the actor and
 * anything read from the catalogue or other streams arrive inside the command.
 */

/** Where to send an e-mail a command asks for; the id makes the send idempotent. */
export interface EmailTarget {
  emailId: string;
  to: string;
}

/** Catalogue availability the copy rule needs, looked up by the command side. */
export interface CopyAvailability {
  /** Catalogue fabrics by id; a fabric missing here is the customer's own and is kept. */
  fabrics: Record<string, { active: boolean; in_stock: boolean }>;
  /** Ids of active catalogue products; product 0 (custom) is always kept. */
  activeProductIds: readonly number[];
}

/** What a copy is made from: the source project's body, read by the command side. */
export interface CopySource extends ProjectDraft {
  projectId: string;
  /** The source's owner and organization, so the copy rule can check who may copy it. */
  ownerId: string;
  organizationId: string | null;
}

type Command<T extends string, Data = object> = { type: T } & Data & CommandContext;

export type ProjectCommand =
  | Command<'CreateProject', { projectId: string; orderNumber: number; ownerId?: string; organizationId?: string | null; draft: ProjectDraft }>
  | Command<'CopyProject', { projectId: string; orderNumber: number; ownerId?: string; organizationId?: string | null; source: CopySource; availability: CopyAvailability }>
  | Command<'SaveDraft', { draft: ProjectDraft }>
  | Command<'UpdateCheckout', { name: string; notes?: ProjectNotes; shipping_notes?: ShippingNotes }>
  | Command<'UploadImage', { fabricId: string; path: string; fileName: string }>
  | Command<'SubmitForReview'>
  | Command<'ReturnToDraft', { reason?: string }>
  | Command<'PriceItems', { items: ItemPrice[]; fabrics?: FabricPrice[]; shippingCost?: number }>
  /** The catalogue products the project uses, for the quote-completeness check (insert-only SKUs). */
  | Command<'Approve', { products: readonly CatalogueProduct[] }>
  | Command<'SendInvoice', { email: EmailTarget; message?: string }>
  | Command<'RecordPayment', { amount: number; partial: boolean; remaining?: number; details?: string; chargeId?: string }>
  | Command<'Pause', { message: string; email?: EmailTarget }>
  | Command<'Unpause', { message: string; email?: EmailTarget }>
  | Command<'SendReminder', { message?: string; email: EmailTarget }>
  | Command<'StartProduction'>
  | Command<'ChangeProductionState', { productionState: ProductionState }>
  | Command<'MarkFabricArrived', { fabricId?: string }>
  | Command<'CompleteOnsiteVisit'>
  | Command<'SetDueDate', { due: string }>
  | Command<'SetProductionTime', { weeks: number }>
  | Command<'Complete'>
  | Command<'Ship', { carrier?: Carrier | null; trackingNumber?: string | null }>
  | Command<'Archive', { reason?: string }>
  | Command<'Delete'>
  | Command<'Transfer', { toUserId: string; organizationId?: string | null; email?: EmailTarget }>
  /** A guest's project joins the account that proved the guest's e-mail (docs/decisions/0195). */
  | Command<'JoinAccount', { toUserId: string }>
  | Command<'AddNote', { noteId: string; text: string }>
  | Command<'EditNote', { noteId: string; text: string }>
  | Command<'DeleteNote', { noteId: string }>
  | Command<'RecordEmailSent', { emailId: string }>
  | Command<'RecordEmailFailed', { emailId: string; reason: string }>
  /** The payment reactor reports a card charge's capture (docs/decisions/0380). */
  | Command<'RecordPaymentCaptured', { chargeId: string; attempts: number }>
  | Command<'RecordPaymentCaptureFailed', { chargeId: string; reason: string; attempts: number }>
  /** The owner's personal data was erased (decision 0160): the project keeps its money, dates and states. */
  | Command<'EraseCustomerData', { userId: string }>;

export type ProjectCommandType = ProjectCommand['type'];
export type ProjectCommandOf<T extends ProjectCommandType> = Extract<ProjectCommand, { type: T }>;
