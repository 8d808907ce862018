import { randomUUID } from 'node:crypto';
import { InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { schemaVersionOf } from '@shop/domain';
import { registerTracing } from '@shop/infra/tracing-sdk';
import { createLogger, SandboxPaymentGateway, uuidIds, type Clock, type Pool } from '@shop/infra';
import { PostgresEventStore } from '@shop/event-store';
import { createTestDatabase, type TestDatabase } from '@shop/infra/testing';
import { PaymentCapturer, startPaymentReactor, type PaymentReactorDeps } from '@shop/projectors';
import { appendDomainEvents, projectCreated, projectEvents } from '../queries/support/domain-events.js';

/**
 * Issue 54 item 3 (decision 0380): the payment reactor captures each card authorisation the log
 * records, once; retries a refused capture with a doubling delay and records the failure after the
 * last attempt; and its reconciliation, at start and on a timer, takes up authorisations a stopped
 * process left uncaptured. Real PostgreSQL, the real sandbox gateway (its books in the database).
 * Time is a clock the test moves, never waited for.
 */
let db: TestDatabase;
const logger = createLogger('silent');

beforeAll(async () => {
  db = await createTestDatabase(inject('adminDatabaseUrl'));
}, 60_000);

afterAll(async () => {
  await db?.drop();
});

/** A clock the test moves by hand, starting now (after the authorisations it is to capture). */
class TestClock implements Clock {
  private current = Date.now();
  now = () => new Date(this.current);
  advance(ms: number): void {
    this.current += ms;
  }
}

/** The sandbox, refusing captures the way a processor does while it is unavailable. */
class RefusingSandbox extends SandboxPaymentGateway {
  captureCalls = 0;
  constructor(
    pool: Pool,
    private refusals: number,
  ) {
    super(pool);
  }
  override async capture(authorizationId: string): Promise<void> {
    this.captureCalls++;
    if (this.refusals > 0) {
      this.refusals--;
      throw new Error('Sandbox: the processor is temporarily unavailable, try again later.');
    }
    await super.capture(authorizationId);
  }
}

const store = () => new PostgresEventStore(db.pool);

/** An approved project paid by card: the sandbox authorised the amount and the log records the authorisation (appended with `traceparent` when given, as with tracing on). */
async function authorizedPayment(amount = 48_000, traceparent?: string): Promise<{ streamId: string; chargeId: string }> {
  const gateway = new SandboxPaymentGateway(db.pool);
  const authorization = await gateway.authorize({ amount, currency: 'usd', paymentToken: 'tok_sandbox_visa', description: 'test', idempotencyKey: randomUUID() });
  if (authorization.status !== 'authorized') throw new Error('not authorised');
  const projectId = randomUUID();
  const owner = randomUUID();
  const at = new Date().toISOString();
  const streamId = `project-${projectId}`;
  await appendDomainEvents(db.pool, streamId, [projectCreated({ projectId, ownerId: owner, at }), projectEvents.submitted(at, owner), projectEvents.approved(at, 'staff-1')]);
  const data = { amount, partial: false, remaining: 0, details: `Card payment via sandbox, charge ${authorization.authorizationId}`, chargeId: authorization.authorizationId, at, by: owner };
  const metadata = { actor: owner, correlationId: randomUUID(), causationId: null, occurredAt: at, ...(traceparent ? { traceparent } : {}) };
  await store().appendToStream(streamId, [{ id: randomUUID(), type: 'PaymentRecorded', schemaVersion: schemaVersionOf('PaymentRecorded'), data, metadata }]);
  return { streamId, chargeId: authorization.authorizationId };
}

const eventsOf = async (streamId: string, type: string) => (await store().readStream(streamId)).filter((event) => event.type === type);

async function captureRow(chargeId: string) {
  const { rows } = await db.pool.query<{ status: string; attempts: number; next_attempt_at: Date; last_error: string | null; outcome_recorded: boolean }>(
    'SELECT status, attempts, next_attempt_at, last_error, outcome_recorded FROM payment_captures WHERE charge_id = $1',
    [chargeId],
  );
  return rows[0];
}

const sandboxCaptures = async (chargeId: string) =>
  Number((await db.pool.query<{ n: string }>('SELECT count(*) AS n FROM sandbox_payment_captures WHERE authorization_id = $1', [chargeId])).rows[0]!.n);

/** What a process killed mid-capture leaves in the outbox: the capture claimed, its attempt spent, no answer. */
async function leftClaimed(payment: { streamId: string; chargeId: string }, claimedAt: Date): Promise<void> {
  await db.pool.query(
    `INSERT INTO payment_captures (charge_id, stream_id, project_id, authorization_event_id, gateway, amount, status, attempts, authorized_at, claimed_at, next_attempt_at)
     SELECT $1, $2, substr($2, 9), event_id, 'sandbox', (data->>'amount')::bigint, 'capturing', 1, $3, $3, $3 FROM events WHERE stream_id = $2 AND event_type = 'PaymentRecorded'`,
    [payment.chargeId, payment.streamId, claimedAt],
  );
}

function reactorDeps(gateway: SandboxPaymentGateway, clock: Clock, capturer: PaymentReactorDeps['capturer'] = {}): PaymentReactorDeps {
  return { pool: db.pool, eventStore: store(), clock, ids: uuidIds, logger, gateway, capturer: { pollIntervalMs: 20, staleAfterMs: 3_600_000, ...capturer } };
}

describe('payment reactor', () => {
  it('captures a recorded authorisation once, and records the capture as an event caused by it', async () => {
    const { streamId, chargeId } = await authorizedPayment();
    const gateway = new RefusingSandbox(db.pool, 0);
    const stop = await startPaymentReactor(reactorDeps(gateway, new TestClock()));
    try {
      await expect.poll(() => eventsOf(streamId, 'PaymentCaptured'), { timeout: 30_000 }).toHaveLength(1);
      await expect.poll(() => captureRow(chargeId), { timeout: 30_000 }).toMatchObject({ status: 'captured', attempts: 1, outcome_recorded: true });
    } finally {
      await stop();
    }
    const [authorization] = await eventsOf(streamId, 'PaymentRecorded');
    const [captured] = await eventsOf(streamId, 'PaymentCaptured');
    expect(captured).toMatchObject({ data: { chargeId, attempts: 1 }, metadata: { actor: 'system', causationId: authorization!.id } });
    expect(await gateway.stateOf(chargeId)).toBe('captured');
    expect(gateway.captureCalls).toBe(1);

    // Started again (a restart): the outbox resumes at its checkpoint and the reconciliation finds nothing to do.
    const again = new RefusingSandbox(db.pool, 0);
    const stopAgain = await startPaymentReactor(reactorDeps(again, new TestClock()));
    await stopAgain();
    expect(again.captureCalls).toBe(0);
    expect(await eventsOf(streamId, 'PaymentCaptured')).toHaveLength(1);
    expect(await sandboxCaptures(chargeId)).toBe(1);
  });

  it('retries a refused capture with a doubling delay, then captures it', async () => {
    const { streamId, chargeId } = await authorizedPayment();
    const clock = new TestClock();
    const gateway = new RefusingSandbox(db.pool, 2);
    const stop = await startPaymentReactor(reactorDeps(gateway, clock, { retryBaseMs: 60_000, maxAttempts: 5 }));
    try {
      const first = clock.now().getTime();
      await expect.poll(() => captureRow(chargeId), { timeout: 30_000 }).toMatchObject({ status: 'pending', attempts: 1 });
      const afterFirst = (await captureRow(chargeId))!;
      expect(afterFirst.next_attempt_at.getTime()).toBe(first + 60_000);
      expect(afterFirst.last_error).toMatch(/temporarily unavailable/);

      clock.advance(60_000);
      await expect.poll(() => captureRow(chargeId), { timeout: 30_000 }).toMatchObject({ status: 'pending', attempts: 2 });
      expect((await captureRow(chargeId))!.next_attempt_at.getTime()).toBe(first + 60_000 + 120_000);

      clock.advance(120_000);
      await expect.poll(() => captureRow(chargeId), { timeout: 30_000 }).toMatchObject({ status: 'captured', attempts: 3, outcome_recorded: true });
    } finally {
      await stop();
    }
    expect(gateway.captureCalls).toBe(3);
    expect((await eventsOf(streamId, 'PaymentCaptured')).map((event) => event.data)).toEqual([expect.objectContaining({ chargeId, attempts: 3 })]);
    expect(await sandboxCaptures(chargeId)).toBe(1);
  });

  it('records the failure with its reason after the last attempt, and captures nothing', async () => {
    const { streamId, chargeId } = await authorizedPayment();
    const clock = new TestClock();
    const gateway = new RefusingSandbox(db.pool, 1000);
    const stop = await startPaymentReactor(reactorDeps(gateway, clock, { retryBaseMs: 1000, maxAttempts: 3 }));
    try {
      for (const attempts of [1, 2]) {
        await expect.poll(() => captureRow(chargeId), { timeout: 30_000 }).toMatchObject({ status: 'pending', attempts });
        clock.advance(1000 * 2 ** (attempts - 1));
      }
      await expect.poll(() => captureRow(chargeId), { timeout: 30_000 }).toMatchObject({ status: 'failed', attempts: 3, outcome_recorded: true });
    } finally {
      await stop();
    }
    expect(gateway.captureCalls).toBe(3);
    expect(await eventsOf(streamId, 'PaymentCaptured')).toEqual([]);
    expect((await eventsOf(streamId, 'PaymentCaptureFailed')).map((event) => event.data)).toEqual([
      expect.objectContaining({ chargeId, attempts: 3, reason: expect.stringMatching(/temporarily unavailable/) }),
    ]);
    expect(await gateway.stateOf(chargeId)).toBe('authorized');
  });

  it('at start, finds an authorisation recorded while no reactor ran and one a stopped process claimed, and captures each once', async () => {
    const recordedWhileDown = await authorizedPayment(30_000);
    const claimedByTheDead = await authorizedPayment(31_000);
    // The real kill is tests/int/faults/payment-crash.test.ts; here the claim is written as a kill leaves it.
    await leftClaimed(claimedByTheDead, new Date());
    const gateway = new RefusingSandbox(db.pool, 0);
    const stop = await startPaymentReactor(reactorDeps(gateway, new TestClock()));
    try {
      for (const { chargeId } of [recordedWhileDown, claimedByTheDead]) {
        await expect.poll(() => captureRow(chargeId), { timeout: 30_000 }).toMatchObject({ status: 'captured', outcome_recorded: true });
      }
    } finally {
      await stop();
    }
    expect(await captureRow(recordedWhileDown.chargeId)).toMatchObject({ attempts: 1 });
    expect(await captureRow(claimedByTheDead.chargeId)).toMatchObject({ attempts: 2 });
    for (const { streamId, chargeId } of [recordedWhileDown, claimedByTheDead]) {
      expect(await eventsOf(streamId, 'PaymentCaptured')).toHaveLength(1);
      expect(await sandboxCaptures(chargeId)).toBe(1);
    }
    expect(gateway.captureCalls).toBe(2);
  });

  it('on its timer, takes up a claim only once it is stale (a live capture elsewhere is left alone)', async () => {
    const payment = await authorizedPayment();
    const clock = new TestClock();
    await leftClaimed(payment, clock.now());
    const capturer = new PaymentCapturer({ pool: db.pool, eventStore: store(), clock, ids: uuidIds, logger, gateway: new SandboxPaymentGateway(db.pool), staleAfterMs: 120_000 });
    await capturer.reconcile({ atStart: false });
    expect(await captureRow(payment.chargeId)).toMatchObject({ status: 'capturing', attempts: 1 });
    clock.advance(120_000);
    await capturer.reconcile({ atStart: false });
    expect(await captureRow(payment.chargeId)).toMatchObject({ status: 'pending', attempts: 1, last_error: expect.stringMatching(/Interrupted/) });
    await capturer.runOnce();
    expect(await captureRow(payment.chargeId)).toMatchObject({ status: 'captured', attempts: 2, outcome_recorded: true });
    expect(await eventsOf(payment.streamId, 'PaymentCaptured')).toHaveLength(1);
  });

  it('the sandbox captures an authorisation at most once, however often it is asked', async () => {
    const { chargeId } = await authorizedPayment();
    const gateway = new SandboxPaymentGateway(db.pool);
    await Promise.all([gateway.capture(chargeId), gateway.capture(chargeId), gateway.capture(chargeId)]);
    await gateway.capture(chargeId);
    expect(await sandboxCaptures(chargeId)).toBe(1);
    await expect(gateway.voidAuthorization(chargeId)).rejects.toThrow(/already captured/);
  });

  it("with tracing on, the capture attempt is a span in the authorisation's trace, the child of its append (decision 0401)", async () => {
    const exporter = new InMemorySpanExporter();
    const tracing = registerTracing('payment-reactor-test', [new SimpleSpanProcessor(exporter)]);
    const append = { traceId: '4bf92f3577b34da6a3ce929d0e0e4736', spanId: '00f067aa0ba902b7' };
    try {
      const { streamId, chargeId } = await authorizedPayment(48_000, `00-${append.traceId}-${append.spanId}-01`);
      const stop = await startPaymentReactor(reactorDeps(new RefusingSandbox(db.pool, 0), new TestClock()));
      try {
        await expect.poll(() => captureRow(chargeId), { timeout: 30_000 }).toMatchObject({ status: 'captured', attempts: 1 });
      } finally {
        await stop();
      }
      const captures = exporter.getFinishedSpans().filter((span) => span.name === 'payment capture' && span.attributes['shop.stream_id'] === streamId);
      expect(captures.map((span) => ({ trace: span.spanContext().traceId, parent: span.parentSpanContext?.spanId, attempt: span.attributes['shop.attempt'] }))).toEqual([
        { trace: append.traceId, parent: append.spanId, attempt: 1 },
      ]);
    } finally {
      await tracing.stop();
    }
  });
});
