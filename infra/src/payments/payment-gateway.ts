/**
 * The payment port. Card numbers never reach our server: the gateway's client-side widget turns
 * the card into a token in the browser, and the command side authorises that token and records the
 * payment as an event; the payment reactor then captures the money (docs/decisions/0380). A
 * failed append voids the authorisation, so no charge is left without its event (docs/decisions/0124).
 * The embedded shop uses the sandbox gateway; a real provider is another adapter of this port.
 */
export interface AuthorizeRequest {
  /** Cents. */
  amount: number;
  currency: 'usd';
  /** The token the gateway's client-side widget made from the card. */
  paymentToken: string;
  description: string;
  /** Same key, same outcome: a retried request never authorises twice. */
  idempotencyKey: string;
}

export type AuthorizeResult =
  | { status: 'authorized'; authorizationId: string; testMode: boolean }
  | { status: 'declined'; message: string; testMode: boolean };

export interface PaymentGateway {
  readonly name: string;
  /** True for the sandbox: API answers say so, so nobody mistakes it for a real charge. */
  readonly testMode: boolean;
  /** Reserves the amount on the card; nothing is charged until `capture`. */
  authorize(request: AuthorizeRequest): Promise<AuthorizeResult>;
  /**
   * Charges an authorised amount; capturing twice is a no-op (a retry after a crash never takes
   * the money twice). Throws when the gateway refuses; the reactor retries with backoff.
   */
  capture(authorizationId: string): Promise<void>;
  /** Releases an authorisation that will not be captured. */
  voidAuthorization(authorizationId: string): Promise<void>;
}
