import { randomUUID } from 'node:crypto';
import type { ChargeRequest, ChargeResult, PaymentGateway } from './payment-gateway.js';

/** Documented test cards (the same numbers the big providers use in their test modes). */
export const sandboxTestCards = {
  succeeds: '4242424242424242',
  declined: '4000000000000002',
  insufficientFunds: '4000000000009995',
} as const;

const declineMessages: Record<string, string> = {
  [sandboxTestCards.declined]: 'Your card was declined.',
  [sandboxTestCards.insufficientFunds]: 'Your card has insufficient funds.',
};

/**
 * Test mode: no money moves. 4242 4242 4242 4242 succeeds, 4000 0000 0000 0002 is declined,
 * 4000 0000 0000 9995 fails for insufficient funds; any other number is declined with a hint.
 */
export class SandboxPaymentGateway implements PaymentGateway {
  readonly name = 'sandbox';
  readonly testMode = true;
  private readonly outcomes = new Map<string, ChargeResult>();

  async charge(request: ChargeRequest): Promise<ChargeResult> {
    const earlier = this.outcomes.get(request.idempotencyKey);
    if (earlier) return earlier;
    const outcome = this.decide(request);
    this.outcomes.set(request.idempotencyKey, outcome);
    return outcome;
  }

  private decide(request: ChargeRequest): ChargeResult {
    const card = request.paymentMethod.replace(/[\s-]/g, '');
    if (!Number.isInteger(request.amount) || request.amount <= 0) return { status: 'declined', message: 'The amount must be positive.', testMode: true };
    if (card === sandboxTestCards.succeeds) return { status: 'succeeded', chargeId: `sandbox_${randomUUID()}`, testMode: true };
    const message =
      declineMessages[card] ?? 'Test mode: use card 4242 4242 4242 4242 to succeed or 4000 0000 0000 0002 to be declined.';
    return { status: 'declined', message, testMode: true };
  }
}
