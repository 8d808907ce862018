import type { Actor } from '../account/actor.js';
import { DomainError, ruleViolation } from '../shared/errors.js';
import type { ProjectCommandType } from './commands.js';
import type { ProductionState, ProjectState } from './model.js';
import { projectStates } from './state-codes.js';
import type { Project } from './state.js';

/**
 * The project state machine (docs/decisions/0002-project-state-transitions.md).
 * SPEC §4 lists the states but not the moves, so this table is the single source of truth:
 * `decide` consults it before any other rule, and the decision record is written from it.
 */

export const projectStateLabels: Record<ProjectState, string> = {
  D: 'Draft',
  R: 'Review',
  A: 'Approved',
  P: 'Paid',
  I: 'In Progress',
  PS: 'Paused',
  C: 'Complete',
  S: 'Shipped',
  X: 'Archived',
};

export const productionStateLabels: Record<ProductionState, string> = {
  N: 'Not Started',
  CIP: 'Cut In Progress',
  CC: 'Cut Complete',
  S: 'Production',
  I: 'Insert',
  R: 'Ready to Ship',
};

/** Commands decided against an existing project (create and copy need an empty stream). */
export type GuardedCommandType = Exclude<ProjectCommandType, 'CreateProject' | 'CopyProject' | 'EraseCustomerData'>;

export interface TransitionRule {
  /** States in which the owner (or a member of the project's organization) may issue it. */
  owner: readonly ProjectState[];
  /** States in which staff may issue it. */
  staff: readonly ProjectState[];
  /** Where a lifecycle move leads; absent when the state does not change. */
  to?: ProjectState | 'previous' | 'D (deleted)';
  /** Error code when issued in any other state. */
  code: 'ILLEGAL_TRANSITION' | 'NOT_A_DRAFT' | 'NOT_ALLOWED_IN_STATE';
  /** Completes "Cannot … a project in state …". */
  verb: string;
}

const ALL = projectStates;
const NOT_ARCHIVED = ALL.filter((state) => state !== 'X');
const NONE: readonly ProjectState[] = [];
/** States in which production is booked: paid, paused or being made. */
const BOOKED: readonly ProjectState[] = ['P', 'PS', 'I'];

export const transitionTable: Record<GuardedCommandType, TransitionRule> = {
  SaveDraft: { owner: ['D'], staff: ['D', 'R'], code: 'NOT_A_DRAFT', verb: 'edit' },
  UploadImage: { owner: ['D'], staff: ['D', 'R'], code: 'NOT_A_DRAFT', verb: 'upload images to' },
  UpdateCheckout: { owner: ['A'], staff: ['A'], code: 'NOT_ALLOWED_IN_STATE', verb: 'change checkout details of' },
  SubmitForReview: { owner: ['D'], staff: ['D'], to: 'R', code: 'ILLEGAL_TRANSITION', verb: 'submit' },
  ReturnToDraft: { owner: ['R'], staff: ['R', 'A'], to: 'D', code: 'ILLEGAL_TRANSITION', verb: 'return to draft' },
  PriceItems: { owner: NONE, staff: ['R'], code: 'NOT_ALLOWED_IN_STATE', verb: 'price' },
  Approve: { owner: NONE, staff: ['R'], to: 'A', code: 'ILLEGAL_TRANSITION', verb: 'approve' },
  SendInvoice: { owner: NONE, staff: ['A', ...BOOKED, 'C'], code: 'NOT_ALLOWED_IN_STATE', verb: 'invoice' },
  RecordPayment: { owner: ['A', ...BOOKED, 'C'], staff: ['A', ...BOOKED, 'C'], to: 'P', code: 'ILLEGAL_TRANSITION', verb: 'take a payment for' },
  Pause: { owner: NONE, staff: ['P', 'I'], to: 'PS', code: 'ILLEGAL_TRANSITION', verb: 'pause' },
  Unpause: { owner: NONE, staff: ['PS'], to: 'previous', code: 'ILLEGAL_TRANSITION', verb: 'unpause' },
  SendReminder: { owner: NONE, staff: NOT_ARCHIVED, code: 'NOT_ALLOWED_IN_STATE', verb: 'send a reminder for' },
  StartProduction: { owner: NONE, staff: ['P'], to: 'I', code: 'ILLEGAL_TRANSITION', verb: 'start production of' },
  ChangeProductionState: { owner: NONE, staff: ['I'], code: 'NOT_ALLOWED_IN_STATE', verb: 'change the production state of' },
  MarkFabricArrived: { owner: NONE, staff: ['A', ...BOOKED], code: 'NOT_ALLOWED_IN_STATE', verb: 'mark fabric arrived for' },
  CompleteOnsiteVisit: { owner: NONE, staff: ['R', 'A', ...BOOKED], code: 'NOT_ALLOWED_IN_STATE', verb: 'complete an onsite visit for' },
  SetDueDate: { owner: NONE, staff: ['A', ...BOOKED], code: 'NOT_ALLOWED_IN_STATE', verb: 'set the due date of' },
  SetProductionTime: { owner: NONE, staff: ['D', 'R', 'A', 'P', 'PS'], code: 'NOT_ALLOWED_IN_STATE', verb: 'set the production time of' },
  Complete: { owner: NONE, staff: ['I'], to: 'C', code: 'ILLEGAL_TRANSITION', verb: 'complete' },
  Ship: { owner: NONE, staff: ['C'], to: 'S', code: 'ILLEGAL_TRANSITION', verb: 'ship' },
  Archive: { owner: NONE, staff: ALL.filter((state) => state !== 'S' && state !== 'X'), to: 'X', code: 'ILLEGAL_TRANSITION', verb: 'archive' },
  Delete: { owner: ['D'], staff: ['D'], to: 'D (deleted)', code: 'NOT_A_DRAFT', verb: 'delete' },
  Transfer: { owner: NONE, staff: ALL, code: 'NOT_ALLOWED_IN_STATE', verb: 'transfer' },
  JoinAccount: { owner: ALL, staff: NONE, code: 'NOT_ALLOWED_IN_STATE', verb: 'move to an account' },
  AddNote: { owner: NONE, staff: ALL, code: 'NOT_ALLOWED_IN_STATE', verb: 'add a note to' },
  EditNote: { owner: NONE, staff: ALL, code: 'NOT_ALLOWED_IN_STATE', verb: 'edit a note of' },
  DeleteNote: { owner: NONE, staff: ALL, code: 'NOT_ALLOWED_IN_STATE', verb: 'delete a note of' },
  RecordEmailSent: { owner: NONE, staff: ALL, code: 'NOT_ALLOWED_IN_STATE', verb: 'record an e-mail for' },
  RecordEmailFailed: { owner: NONE, staff: ALL, code: 'NOT_ALLOWED_IN_STATE', verb: 'record an e-mail for' },
  RecordPaymentCaptured: { owner: NONE, staff: ALL, code: 'NOT_ALLOWED_IN_STATE', verb: 'record a capture for' },
  RecordPaymentCaptureFailed: { owner: NONE, staff: ALL, code: 'NOT_ALLOWED_IN_STATE', verb: 'record a capture for' },
};

/** Owners act on their own projects; organization members on their organization's. */
export function actsForOwner(actor: Actor, owner: { user: string; organization_id: string | null }): boolean {
  if (actor.userId === owner.user) return true;
  const organization = owner.organization_id;
  return organization !== null && (actor.organizationIds ?? []).includes(organization);
}

/** Throws unless the actor may issue this command in the project's current state. */
export function guardTransition(type: GuardedCommandType, actor: Actor, project: Project): void {
  const rule = transitionTable[type];
  if (!actor.isStaff) {
    if (rule.owner.length === 0) {
      throw new DomainError('forbidden', 'STAFF_ONLY', `Only staff can ${rule.verb} a project.`);
    }
    if (!actsForOwner(actor, project)) {
      throw new DomainError('forbidden', 'NOT_YOUR_PROJECT', 'This project belongs to someone else.');
    }
  }
  const allowed = actor.isStaff ? rule.staff : rule.owner;
  if (!allowed.includes(project.state)) {
    const label = projectStateLabels[project.state];
    throw ruleViolation(rule.code, `Cannot ${rule.verb} a project in state "${label}".`);
  }
}
