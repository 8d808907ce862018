import { randomUUID } from 'node:crypto';
import type { AuthorizeRequest, AuthorizeResult, PaymentGateway } from './payment-gateway.js';

/**
 * Tokens the sandbox widget (web/src/features/checkout/api/sandbox-card-widget.ts) makes from the
 * documented test cards: 4242 4242 4242 4242 succeeds, 4000 0000 0000 0002 is declined,
 * 4000 0000 0000 9995 has insufficient funds; any other number becomes the unknown-card token.
 */
export const sandboxTestTokens = {
  succeeds: 'tok_sandbox_visa',
  declined: 'tok_sandbox_chargeDeclined',
  insufficientFunds: 'tok_sandbox_insufficientFunds',
} as const;

const declineMessages: Record<string, string> = {
  [sandboxTestTokens.declined]: 'Your card was declined.',
  [sandboxTestTokens.insufficientFunds]: 'Your card has insufficient funds.',
};

type Authorization = { state: 'authorized' | 'captured' | 'voided' };

/** Test mode: no money moves. Authorisations live in memory, like a provider's test dashboard. */
export class SandboxPaymentGateway implements PaymentGateway {
  readonly name = 'sandbox';
  readonly testMode = true;
  private readonly outcomes = new Map<string, AuthorizeResult>();
  private readonly authorizations = new Map<string, Authorization>();

  async authorize(request: AuthorizeRequest): Promise<AuthorizeResult> {
    const earlier = this.outcomes.get(request.idempotencyKey);
    if (earlier) return earlier;
    const outcome = this.decide(request);
    this.outcomes.set(request.idempotencyKey, outcome);
    if (outcome.status === 'authorized') this.authorizations.set(outcome.authorizationId, { state: 'authorized' });
    return outcome;
  }

  async capture(authorizationId: string): Promise<void> {
    const authorization = this.known(authorizationId);
    if (authorization.state === 'voided') throw new Error(`authorisation ${authorizationId} was voided`);
    authorization.state = 'captured';
  }

  async voidAuthorization(authorizationId: string): Promise<void> {
    const authorization = this.known(authorizationId);
    if (authorization.state === 'captured') throw new Error(`authorisation ${authorizationId} was already captured`);
    authorization.state = 'voided';
  }

  /** 'authorized', 'captured' or 'voided', for tests that check no charge was left behind. */
  stateOf(authorizationId: string): Authorization['state'] | undefined {
    return this.authorizations.get(authorizationId)?.state;
  }

  private known(authorizationId: string): Authorization {
    const authorization = this.authorizations.get(authorizationId);
    if (!authorization) throw new Error(`unknown authorisation ${authorizationId}`);
    return authorization;
  }

  private decide(request: AuthorizeRequest): AuthorizeResult {
    if (!Number.isInteger(request.amount) || request.amount <= 0) return { status: 'declined', message: 'The amount must be positive.', testMode: true };
    if (request.paymentToken === sandboxTestTokens.succeeds) return { status: 'authorized', authorizationId: `sandbox_${randomUUID()}`, testMode: true };
    const message =
      declineMessages[request.paymentToken] ?? 'Test mode: use card 4242 4242 4242 4242 to succeed or 4000 0000 0000 0002 to be declined.';
    return { status: 'declined', message, testMode: true };
  }
}
