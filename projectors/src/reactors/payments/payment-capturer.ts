import { SYSTEM_ACTOR } from '@shop/domain';
import { contextOfTraceparent, inSpan, type Clock, type EventStore, type IdGenerator, type Logger, type PaymentGateway, type Pool } from '@shop/infra';
import { Outbox } from '../outbox.js';
import { PassLoop } from '../pass-loop.js';
import { reasonOf, recordOutcome } from '../record-outcome.js';

export interface PaymentCapturerOptions {
  pool: Pool;
  eventStore: EventStore;
  clock: Clock;
  ids: IdGenerator;
  logger: Logger;
  gateway: PaymentGateway;
  /** Capture attempts before a payment's capture is failed for good (default 5). */
  maxAttempts?: number;
  /** First retry delay; each further retry doubles it (default 2 s: 2, 4, 8, 16 s). */
  retryBaseMs?: number;
  /** How often the outbox is looked at when nothing woke the capturer (default 1 s). */
  pollIntervalMs?: number;
  /** A claim older than this was left by a process that stopped (default 2 minutes). */
  staleAfterMs?: number;
  /** How often the reconciliation runs besides at start (default 1 minute). */
  reconcileIntervalMs?: number;
}

type CaptureRow = {
  charge_id: string;
  stream_id: string;
  traceparent: string | null;
};

const CAPTURES = { table: 'payment_captures', key: 'charge_id', claimed: 'charge_id, stream_id, traceparent', working: 'capturing', done: 'captured', noun: 'payment capture' };

/**
 * Captures what the outbox holds (docs/decisions/0380). A capture is claimed ('capturing',
 * committed) before the gateway is asked; the gateway's answer settles it 'captured', a refusal
 * puts it back to 'pending' with a doubling delay until the last attempt fails it. Captures are
 * idempotent per authorisation at the gateway, so unlike a mail (decision 0327) a claim left by a
 * stopped process may be captured again without doubt: the reconciliation, at start and then on a
 * timer, hands such claims back, and records as events the outcomes a crash kept from the log.
 */
export class PaymentCapturer {
  private readonly loop: PassLoop;
  private readonly outbox: Outbox<CaptureRow>;
  private lastReconciled = 0;

  constructor(private readonly options: PaymentCapturerOptions) {
    this.outbox = new Outbox(CAPTURES, options);
    this.loop = new PassLoop(() => this.runOnce(), { logger: options.logger, pollIntervalMs: options.pollIntervalMs, failure: 'payment capture pass failed, retrying' });
  }

  /** Reconciles everything a stopped process left, then works on in the background. */
  async start(): Promise<void> {
    if (this.loop.isRunning) return;
    await this.reconcile({ atStart: true });
    this.loop.start();
  }

  /** A new authorisation may be in the outbox. */
  wake(): void {
    this.loop.wake();
  }

  stop(): Promise<void> {
    return this.loop.stop();
  }

  /** One pass: the timer's reconciliation when due, every capture that is due, and their events. */
  async runOnce(): Promise<void> {
    if (this.options.clock.now().getTime() - this.lastReconciled >= (this.options.reconcileIntervalMs ?? 60_000)) await this.reconcile({ atStart: false });
    while (await this.captureNext()) {
      // keep going while captures are due
    }
    await this.recordOutcomes();
  }

  /**
   * Finds authorisations left uncaptured by a stopped process and settles them: at start every
   * claim (this process made none yet, and a claim of a live one captured again is still one
   * capture), later the claims older than `staleAfterMs`. They go back to 'pending', due now,
   * keeping the attempt they spent; at the limit they fail. Then the outcomes not yet in the log.
   */
  async reconcile({ atStart }: { atStart: boolean }): Promise<void> {
    const now = this.options.clock.now();
    this.lastReconciled = now.getTime();
    const claimedBefore = atStart ? now : new Date(now.getTime() - (this.options.staleAfterMs ?? 2 * 60_000));
    const taken = await this.outbox.takeBackClaims(claimedBefore, 'Interrupted while capturing (the process stopped).', 0);
    if (taken) this.options.logger.warn({ captures: taken }, 'payment captures left unfinished by a stopped process were taken up again');
    await this.recordOutcomes();
  }

  /** Claims one due capture and asks the gateway; false when none is due. */
  private async captureNext(): Promise<boolean> {
    const capture = await this.outbox.claim();
    if (!capture) return false;
    // Each attempt is a child of the authorisation's append, in the trace of the payment (decision 0401).
    const attributes = { 'shop.stream_id': capture.stream_id, 'shop.attempt': capture.attempts };
    await inSpan('payment capture', { parent: contextOfTraceparent(capture.traceparent), attributes }, async () => {
      try {
        await this.options.gateway.capture(capture.charge_id);
        await this.outbox.succeeded(capture);
      } catch (error) {
        await this.outbox.refused(capture, error instanceof Error ? error.message : String(error));
      }
    });
    return true;
  }

  /** Writes PaymentCaptured / PaymentCaptureFailed for settled captures not yet in the log. */
  private recordOutcomes(): Promise<void> {
    type Settled = { charge_id: string; stream_id: string; authorization_event_id: string; attempts: number };
    return this.outbox.recordOutcomes<Settled>('charge_id, stream_id, authorization_event_id::text, attempts', (row) =>
      recordOutcome(this.options, row.stream_id, row.authorization_event_id, (at) =>
        row.status === 'captured'
          ? { type: 'RecordPaymentCaptured', chargeId: row.charge_id, attempts: row.attempts, at, actor: SYSTEM_ACTOR }
          : { type: 'RecordPaymentCaptureFailed', chargeId: row.charge_id, reason: reasonOf(row.last_error), attempts: row.attempts, at, actor: SYSTEM_ACTOR },
      ),
    );
  }
}
