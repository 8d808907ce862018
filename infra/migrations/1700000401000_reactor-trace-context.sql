-- Up Migration

-- The W3C trace context of the event that asked for the mail or the capture, when tracing is on
-- (docs/decisions/0401): the sender's and the capturer's work joins that event's trace by it.
-- NULL with tracing off, and for rows filed before.
ALTER TABLE mail_deliveries ADD COLUMN traceparent text;
ALTER TABLE payment_captures ADD COLUMN traceparent text;

-- Down Migration
ALTER TABLE payment_captures DROP COLUMN traceparent;
ALTER TABLE mail_deliveries DROP COLUMN traceparent;
