import { eachEvent, type Projection } from '../../runner/projection.js';
import { deliveryRequestOf, mailRequestEventTypes } from './mail-requests.js';

/**
 * Turns e-mail request events into outbox rows, in the runner's transaction with its checkpoint.
 * Keyed by the request event's id: a replay or redelivery finds the row and adds nothing.
 */
export const mailOutboxProjection: Projection = {
  name: 'mail-outbox',
  /** An outbox, not a read model: never bumped, since rebuilding it would be re-requesting every e-mail ever sent. */
  version: 1,
  handles: mailRequestEventTypes,
  tables: ['mail_deliveries'],
  // Rows are few and keyed by their event: one insert each.
  apply: eachEvent(async (client, event) => {
    const request = deliveryRequestOf(event);
    if (!request) return;
    await client.query(
      `INSERT INTO mail_deliveries (request_event_id, stream_id, email_id, kind, recipient, payload, requested_at, traceparent)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT (request_event_id) DO NOTHING`,
      [request.requestEventId, request.streamId, request.emailId, request.kind, request.recipient, request.payload, request.requestedAt, request.traceparent],
    );
  }),
};
