-- Up Migration

-- The mail reactor's outbox: one row per e-mail request event, keyed by that event's id, so a
-- replayed or redelivered request never becomes a second row. A sender claims a row by moving
-- it to 'sending' in its own committed transaction before talking to SMTP; a row found still
-- 'sending' after a crash is settled as failed, never sent again (at most once).
CREATE TABLE mail_deliveries (
  request_event_id uuid PRIMARY KEY,
  stream_id text NOT NULL,
  email_id text NOT NULL,
  kind text NOT NULL,
  recipient text NOT NULL,
  -- What the template needs besides the kind (message, project id and name, user id).
  payload jsonb NOT NULL,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sending', 'sent', 'failed')),
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  last_error text,
  requested_at timestamptz NOT NULL,
  claimed_at timestamptz,
  settled_at timestamptz,
  -- Set once the outcome is recorded as an event on the request's stream.
  outcome_recorded boolean NOT NULL DEFAULT false
);
CREATE INDEX mail_deliveries_due ON mail_deliveries (next_attempt_at) WHERE status = 'pending';
CREATE INDEX mail_deliveries_sending ON mail_deliveries (claimed_at) WHERE status = 'sending';
CREATE INDEX mail_deliveries_unrecorded ON mail_deliveries (settled_at) WHERE status IN ('sent', 'failed') AND NOT outcome_recorded;

-- Down Migration
DROP TABLE mail_deliveries;
