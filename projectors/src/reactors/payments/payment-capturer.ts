import { contextOfTraceparent, inSpan, type Clock, type EventStore, type IdGenerator, type Logger, type PaymentGateway, type Pool } from '@shop/infra';
import { PassLoop } from '../pass-loop.js';
import { recordCaptureOutcome } from './record-capture.js';

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

interface CaptureRow {
  charge_id: string;
  stream_id: string;
  authorization_event_id: string;
  attempts: number;
  traceparent: string | null;
}

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
  private lastReconciled = 0;

  constructor(private readonly options: PaymentCapturerOptions) {
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
    const { rowCount } = await this.options.pool.query(
      `UPDATE payment_captures
          SET status = CASE WHEN attempts >= $3 THEN 'failed' ELSE 'pending' END,
              settled_at = CASE WHEN attempts >= $3 THEN $2::timestamptz END,
              next_attempt_at = $2::timestamptz,
              last_error = 'Interrupted while capturing (the process stopped).'
        WHERE status = 'capturing' AND claimed_at <= $1`,
      [claimedBefore, now, this.options.maxAttempts ?? 5],
    );
    if (rowCount) this.options.logger.warn({ captures: rowCount }, 'payment captures left unfinished by a stopped process were taken up again');
    await this.recordOutcomes();
  }

  /** Claims one due capture and asks the gateway; false when none is due. */
  private async captureNext(): Promise<boolean> {
    const capture = await this.claim();
    if (!capture) return false;
    // Each attempt is a child of the authorisation's append, in the trace of the payment (decision 0401).
    const attributes = { 'shop.stream_id': capture.stream_id, 'shop.attempt': capture.attempts };
    await inSpan('payment capture', { parent: contextOfTraceparent(capture.traceparent), attributes }, async () => {
      try {
        await this.options.gateway.capture(capture.charge_id);
        await this.settle(capture, 'captured', null);
      } catch (error) {
        await this.retryOrFail(capture, error instanceof Error ? error.message : String(error));
      }
    });
    return true;
  }

  private async claim(): Promise<CaptureRow | null> {
    const result = await this.options.pool.query<CaptureRow>(
      `UPDATE payment_captures SET status = 'capturing', claimed_at = $1, attempts = attempts + 1
       WHERE charge_id = (
         SELECT charge_id FROM payment_captures WHERE status = 'pending' AND next_attempt_at <= $1
         ORDER BY next_attempt_at LIMIT 1 FOR UPDATE SKIP LOCKED)
       RETURNING charge_id, stream_id, authorization_event_id::text, attempts, traceparent`,
      [this.options.clock.now()],
    );
    return result.rows[0] ?? null;
  }

  private async retryOrFail(capture: CaptureRow, reason: string): Promise<void> {
    if (capture.attempts >= (this.options.maxAttempts ?? 5)) {
      this.options.logger.warn({ charge: capture.charge_id, reason }, 'payment capture failed for good');
      await this.settle(capture, 'failed', reason);
      return;
    }
    const delayMs = (this.options.retryBaseMs ?? 2000) * 2 ** (capture.attempts - 1);
    await this.options.pool.query(
      `UPDATE payment_captures SET status = 'pending', last_error = $2, next_attempt_at = $3 WHERE charge_id = $1 AND status = 'capturing'`,
      [capture.charge_id, reason, new Date(this.options.clock.now().getTime() + delayMs)],
    );
  }

  private async settle(capture: CaptureRow, status: 'captured' | 'failed', reason: string | null): Promise<void> {
    await this.options.pool.query(`UPDATE payment_captures SET status = $2, last_error = $3, settled_at = $4 WHERE charge_id = $1`, [
      capture.charge_id,
      status,
      reason,
      this.options.clock.now(),
    ]);
  }

  /** Writes PaymentCaptured / PaymentCaptureFailed for settled captures not yet in the log. */
  private async recordOutcomes(): Promise<void> {
    const settled = await this.options.pool.query<CaptureRow & { status: 'captured' | 'failed'; last_error: string | null }>(
      `SELECT charge_id, stream_id, authorization_event_id::text, attempts, status, last_error FROM payment_captures
       WHERE status IN ('captured', 'failed') AND NOT outcome_recorded ORDER BY settled_at LIMIT 100`,
    );
    for (const row of settled.rows) {
      const recorded = await recordCaptureOutcome(this.options, row.stream_id, {
        chargeId: row.charge_id,
        authorizationEventId: row.authorization_event_id,
        captured: row.status === 'captured',
        attempts: row.attempts,
        reason: row.last_error ?? 'unknown',
      });
      if (recorded) await this.options.pool.query('UPDATE payment_captures SET outcome_recorded = true WHERE charge_id = $1', [row.charge_id]);
    }
  }
}
