import { readDomainEvents } from '@shop/domain';
import { eachEvent, type Projection } from '../../runner/projection.js';

const projectIdOf = (streamId: string) => (streamId.startsWith('project-') ? streamId.slice('project-'.length) : streamId);

/**
 * Files each card payment's authorisation (a PaymentRecorded with a charge) as a capture to make,
 * in the runner's transaction with its checkpoint (docs/decisions/0380). Keyed by the charge: a
 * replay or redelivery finds the row and adds nothing. A payment staff recorded by hand has no
 * charge and nothing to capture.
 */
export const paymentCaptureOutboxProjection: Projection = {
  name: 'payment-captures',
  /** An outbox, not a read model: never bumped, since rebuilding it would capture every payment again. */
  version: 1,
  handles: ['PaymentRecorded'],
  tables: ['payment_captures'],
  // Rows are few and keyed by their event: one insert each.
  apply: eachEvent(async (client, event) => {
    // The event as the runner hands it (a type of today): one domain event, parsed by its schema.
    const [payment] = readDomainEvents(event);
    if (payment?.type !== 'PaymentRecorded' || payment.data.chargeId === null) return;
    // Due from the moment it was authorised, by the shop's clock (the capturer's), not the database's.
    await client.query(
      `INSERT INTO payment_captures (charge_id, stream_id, project_id, authorization_event_id, gateway, amount, authorized_at, next_attempt_at, traceparent)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $7, $8) ON CONFLICT (charge_id) DO NOTHING`,
      [payment.data.chargeId, event.streamId, projectIdOf(event.streamId), event.id, gatewayOf(payment.data.chargeId), payment.data.amount, payment.data.at, event.metadata.traceparent ?? null],
    );
  }),
};

/** The sandbox's charges say so in their id; a real provider's adapter would be named in the event. */
const gatewayOf = (chargeId: string) => (chargeId.startsWith('sandbox_') ? 'sandbox' : 'unknown');
