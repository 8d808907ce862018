import type { Clock, EventStore, IdGenerator, Logger, PaymentGateway, Pool } from '@shop/infra';
import { typesReadAs } from '@shop/domain';
import { ProjectionRunner } from '../../runner/projection-runner.js';
import { paymentCaptureOutboxProjection } from './payment-capture-outbox-projection.js';
import { PaymentCapturer, type PaymentCapturerOptions } from './payment-capturer.js';

export interface PaymentReactorDeps {
  pool: Pool;
  eventStore: EventStore;
  clock: Clock;
  ids: IdGenerator;
  logger: Logger;
  gateway: PaymentGateway;
  /** Tuning for tests (retry delays, polling, reconciliation). */
  capturer?: Partial<Pick<PaymentCapturerOptions, 'maxAttempts' | 'retryBaseMs' | 'pollIntervalMs' | 'staleAfterMs' | 'reconcileIntervalMs'>>;
}

/**
 * The payment reactor (docs/decisions/0380): the outbox projection (its own checkpoint) files each
 * card payment's authorisation as a capture to make, and the capturer captures them, reconciling
 * at start what a stopped process left. Returns its stop function.
 */
export async function startPaymentReactor(deps: PaymentReactorDeps): Promise<() => Promise<void>> {
  const capturer = new PaymentCapturer({ ...deps, ...deps.capturer });
  const runner = new ProjectionRunner({ pool: deps.pool, eventStore: deps.eventStore, logger: deps.logger, checkpointOnlyWhenUnhandled: true }, [paymentCaptureOutboxProjection]);
  runner.onProgress((_status, batch) => {
    if (batch.some((event) => typesReadAs(event.type).some((type) => paymentCaptureOutboxProjection.handles.includes(type)))) capturer.wake();
  });
  await runner.start();
  await capturer.start();
  return async () => {
    await runner.stop();
    await capturer.stop();
  };
}
