import { costDetails, hasBalanceDue, ruleViolation, type Project, type ProjectNotes, type ShippingNotes } from '@shop/domain';
import { type PaymentGateway } from '@shop/infra';
import { HttpError } from '@shop/http-shell';
import type { ProjectCommandInput } from './project-commands.js';

/** What a checkout payment charges: everything due, or a deposit with the rest owed (docs/decisions/0042). */
export interface PaymentPlan {
  amount: number;
  partial: boolean;
  remaining: number;
}

/** A partial payment is a deposit of half the total, rounded up to the cent. */
export const depositOf = (total: number) => Math.ceil(total / 2);

/**
 * Plans the charge from the project as it will be after this checkout (address and tax
 * exemption change the tax). An approved project pays its total or a deposit; a project with
 * a balance still owed pays that balance in full.
 */
export function planPayment(project: Project, notes: ProjectNotes, shippingNotes: ShippingNotes, wantsDeposit: boolean): PaymentPlan {
  if (project.state !== 'A') {
    if (!hasBalanceDue(project)) throw ruleViolation('ALREADY_PAID', 'This project is already paid in full.');
    return { amount: project.balance_remaining!, partial: false, remaining: 0 };
  }
  const { total } = costDetails({ fabrics: project.fabrics, notes, shipping_notes: shippingNotes, shipping_cost: project.shipping_cost }, { paidInFull: false });
  if (total <= 0) throw ruleViolation('NO_PRICE', 'This project has no price yet.');
  if (!wantsDeposit) return { amount: total, partial: false, remaining: 0 };
  const amount = depositOf(total);
  return { amount, partial: true, remaining: total - amount };
}

/** notes.payment_details as SPEC §3 keeps it: the flag and the remaining amount in dollars. */
export function notesWithPaymentDetails(notes: ProjectNotes, plan: PaymentPlan): ProjectNotes {
  return { ...notes, payment_details: { partial_payment: plan.partial, details: { remaining: plan.remaining / 100 } } };
}

export interface Authorization {
  authorizationId: string;
  testMode: boolean;
}

/** Authorises through the gateway port (nothing is charged yet); a decline is a 402 with the gateway's message. */
export async function authorize(gateway: PaymentGateway, plan: PaymentPlan, paymentToken: string, projectId: string, idempotencyKey: string): Promise<Authorization> {
  const result = await gateway.authorize({
    amount: plan.amount,
    currency: 'usd',
    paymentToken,
    description: `Project ${projectId}${plan.partial ? ' (deposit)' : ''}`,
    idempotencyKey,
  });
  if (result.status === 'declined') throw new HttpError(402, gateway.testMode ? `${result.message} (test mode: no money was moved)` : result.message);
  return { authorizationId: result.authorizationId, testMode: result.testMode };
}

export function recordPayment(plan: PaymentPlan, outcome: Authorization, gatewayName: string): ProjectCommandInput {
  const mode = outcome.testMode ? ' (TEST MODE)' : '';
  return {
    type: 'RecordPayment',
    amount: plan.amount,
    partial: plan.partial,
    remaining: plan.remaining,
    details: `Card payment via ${gatewayName}${mode}, charge ${outcome.authorizationId}`,
    chargeId: outcome.authorizationId,
  };
}
