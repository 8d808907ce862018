import type { Carrier, EmailKind } from './events.js';
import type { Fabric, ProductionState, ProjectNotes, ProjectState, ShippingNotes } from './model.js';

/** Production time in weeks (SPEC §9): 3 unless staff choose 2 to 24. */
export const DEFAULT_PRODUCTION_TIME = 3;
export const MIN_PRODUCTION_TIME = 2;
export const MAX_PRODUCTION_TIME = 24;

export interface StaffNote {
  id: string;
  text: string;
  author: string;
  created: string;
  updated: string | null;
}

export interface EmailRecord {
  emailId: string;
  kind: EmailKind;
  to: string;
  status: 'requested' | 'sent' | 'failed';
  requested: string;
  /** When it was sent or failed. */
  settled: string | null;
  failure: string | null;
}

export interface Payment {
  amount: number;
  partial: boolean;
  remaining: number;
  at: string;
  by: string;
}

/**
 * A card payment's charge and where its capture stands (docs/decisions/0380): authorised when its
 * PaymentRecorded was appended, then captured or failed as the payment reactor reports.
 */
export interface CardCharge {
  chargeId: string;
  amount: number;
  authorized: string;
  status: 'authorized' | 'captured' | 'capture_failed';
  /** When it was captured or failed. */
  settled: string | null;
  failure: string | null;
  attempts: number;
}

export interface Upload {
  fabricId: string;
  path: string;
  fileName: string;
  at: string;
}

export interface Shipment {
  carrier: Carrier | null;
  trackingNumber: string | null;
}

/**
 * Everything the write side knows about one project; `projectView` turns it into the SPEC §3
 * shape. Field names follow SPEC §3 (snake_case) where SPEC names them. Dates are ISO strings.
 */
export interface Project {
  id: string;
  /** The short order number (decision 0315); null for projects created before numbers existed. */
  order_number: number | null;
  name: string;
  user: string;
  organization_id: string | null;
  category: string | null;
  state: ProjectState;
  production_state: ProductionState;
  created: string;
  updated: string;
  submitted: string | null;
  priced: string | null;
  approved: string | null;
  paused: string | null;
  unpaused: string | null;
  started: string | null;
  due: string | null;
  paid: string | null;
  completed: string | null;
  shipped: string | null;
  archived: string | null;
  onsite_complete: string | null;
  fabric_arrived: string | null;
  fabrics: Fabric[];
  additional_notes: string;
  notes: ProjectNotes;
  shipping_notes: ShippingNotes;
  shipping_cost: number;
  production_time: number;
  /** The state a pause came from, so unpause can return to it. */
  resume_state: 'P' | 'I' | null;
  payments: Payment[];
  /**
   * Card charges by their gateway reference. Absent until the first card payment, so the stored
   * state of a project paid otherwise reads as it always did (the golden log's read models).
   */
  charges?: CardCharge[];
  /** Cents still owed after the last payment; null until a payment is recorded. */
  balance_remaining: number | null;
  shipment: Shipment | null;
  staff_notes: StaffNote[];
  emails: EmailRecord[];
  uploads: Upload[];
  copied_from: string | null;
}

/** A stream is empty, holds a live project, or a deleted one (kept for the audit log). */
export type ProjectStreamState =
  | { status: 'empty' }
  | { status: 'existing'; project: Project }
  | { status: 'deleted'; project: Project };

export const initialProjectState = (): ProjectStreamState => ({ status: 'empty' });

/** True while a partial payment leaves money owed. */
export const hasBalanceDue = (project: Project): boolean => (project.balance_remaining ?? 0) > 0;
