import { randomUUID } from 'node:crypto';
import type { Pool } from '../postgres/pool.js';
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

type AuthorizationState = 'authorized' | 'captured' | 'voided';

/**
 * Test mode: no money moves. The sandbox keeps its authorisations and captures in PostgreSQL
 * tables of its own (decision 0380), like a provider's test dashboard that outlives a restart of
 * the shop: the payment reactor captures after a crash what the checkout authorised before it.
 * Authorising is idempotent per request key and capturing per authorisation, as with a real
 * processor.
 */
export class SandboxPaymentGateway implements PaymentGateway {
  readonly name = 'sandbox';
  readonly testMode = true;

  constructor(private readonly pool: Pool) {}

  async authorize(request: AuthorizeRequest): Promise<AuthorizeResult> {
    const outcome = this.decide(request);
    const authorizationId = outcome.status === 'authorized' ? outcome.authorizationId : null;
    const message = outcome.status === 'declined' ? outcome.message : null;
    await this.pool.query(
      `INSERT INTO sandbox_payment_authorizations (idempotency_key, authorization_id, status, decline_message, amount, description)
       VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (idempotency_key) DO NOTHING`,
      [request.idempotencyKey, authorizationId, outcome.status, message, Number.isInteger(request.amount) ? request.amount : 0, request.description],
    );
    // The first outcome for this key, whichever request wrote it.
    const { rows } = await this.pool.query<{ authorization_id: string | null; status: string; decline_message: string | null }>(
      'SELECT authorization_id, status, decline_message FROM sandbox_payment_authorizations WHERE idempotency_key = $1',
      [request.idempotencyKey],
    );
    const first = rows[0]!;
    if (first.status === 'declined') return { status: 'declined', message: first.decline_message ?? '', testMode: true };
    return { status: 'authorized', authorizationId: first.authorization_id!, testMode: true };
  }

  async capture(authorizationId: string): Promise<void> {
    const state = await this.stateOf(authorizationId);
    if (state === undefined) throw new Error(`unknown authorisation ${authorizationId}`);
    if (state === 'voided') throw new Error(`authorisation ${authorizationId} was voided`);
    await this.pool.query('INSERT INTO sandbox_payment_captures (authorization_id) VALUES ($1) ON CONFLICT (authorization_id) DO NOTHING', [authorizationId]);
  }

  async voidAuthorization(authorizationId: string): Promise<void> {
    const state = await this.stateOf(authorizationId);
    if (state === undefined) throw new Error(`unknown authorisation ${authorizationId}`);
    if (state === 'captured') throw new Error(`authorisation ${authorizationId} was already captured`);
    await this.pool.query("UPDATE sandbox_payment_authorizations SET status = 'voided', voided_at = now() WHERE authorization_id = $1", [authorizationId]);
  }

  /** 'authorized', 'captured' or 'voided', for tests that check no charge was left behind. */
  async stateOf(authorizationId: string): Promise<AuthorizationState | undefined> {
    const { rows } = await this.pool.query<{ status: string; captured: boolean }>(
      `SELECT status, EXISTS (SELECT 1 FROM sandbox_payment_captures WHERE authorization_id = $1) AS captured
         FROM sandbox_payment_authorizations WHERE authorization_id = $1`,
      [authorizationId],
    );
    const row = rows[0];
    if (!row) return undefined;
    return row.captured ? 'captured' : (row.status as AuthorizationState);
  }

  private decide(request: AuthorizeRequest): AuthorizeResult {
    if (!Number.isInteger(request.amount) || request.amount <= 0) return { status: 'declined', message: 'The amount must be positive.', testMode: true };
    if (request.paymentToken === sandboxTestTokens.succeeds) return { status: 'authorized', authorizationId: `sandbox_${randomUUID()}`, testMode: true };
    const message =
      declineMessages[request.paymentToken] ?? 'Test mode: use card 4242 4242 4242 4242 to succeed or 4000 0000 0000 0002 to be declined.';
    return { status: 'declined', message, testMode: true };
  }
}
