/**
 * The payment port: the command side charges through it and records the outcome as an event.
 * The embedded shop uses the sandbox gateway; a real provider is another adapter of this port.
 */
export interface ChargeRequest {
  /** Cents. */
  amount: number;
  currency: 'usd';
  /** What the gateway needs to charge: a test card number in the sandbox, a provider token elsewhere. */
  paymentMethod: string;
  description: string;
  /** Same key, same outcome: a retried request never charges twice. */
  idempotencyKey: string;
}

export type ChargeResult =
  | { status: 'succeeded'; chargeId: string; testMode: boolean }
  | { status: 'declined'; message: string; testMode: boolean };

export interface PaymentGateway {
  readonly name: string;
  /** True for the sandbox: API answers say so, so nobody mistakes it for a real charge. */
  readonly testMode: boolean;
  charge(request: ChargeRequest): Promise<ChargeResult>;
}
