import type { Clock, EventStore, IdGenerator, Logger, MailTransport, Pool, ShopIdentity } from '@shop/infra';
import { typesReadAs } from '@shop/domain';
import { ProjectionRunner } from '../../runner/projection-runner.js';
import { mailOutboxProjection } from './mail-outbox-projection.js';
import { MailSender, type MailSenderOptions } from './mail-sender.js';

export interface MailReactorDeps {
  pool: Pool;
  eventStore: EventStore;
  clock: Clock;
  ids: IdGenerator;
  logger: Logger;
  transport: MailTransport;
  publicUrl: string;
  /** The shop's name, address and reply address, in every mail. */
  shop: ShopIdentity;
  /** Tuning for tests (retry delays, polling). */
  sender?: Partial<Pick<MailSenderOptions, 'maxAttempts' | 'retryBaseMs' | 'pollIntervalMs' | 'staleAfterMs'>>;
}

/**
 * The e-mail reactor: the outbox projection (its own checkpoint) files each request event as
 * a delivery, and the sender works through the deliveries. Returns its stop function.
 */
export async function startMailReactor(deps: MailReactorDeps): Promise<() => Promise<void>> {
  const sender = new MailSender({ ...deps, ...deps.sender });
  const runner = new ProjectionRunner({ pool: deps.pool, eventStore: deps.eventStore, logger: deps.logger, checkpointOnlyWhenUnhandled: true }, [mailOutboxProjection]);
  // Only a batch with a request can have filed a delivery: any other would cost the sender a pass (three statements) for nothing (docs/decisions/0280).
  runner.onProgress((_status, batch) => {
    if (batch.some((event) => typesReadAs(event.type).some((type) => mailOutboxProjection.handles.includes(type)))) sender.wake();
  });
  await runner.start();
  sender.start();
  return async () => {
    await runner.stop();
    await sender.stop();
    deps.transport.close();
  };
}
