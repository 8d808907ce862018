-- Up Migration

-- The payment reactor's outbox (decision 0380): one row per card payment's authorisation, filed
-- by the `payment-captures` projection from its PaymentRecorded (keyed by the charge, so a replay
-- adds nothing). A capturer claims a row ('capturing', committed) before asking the gateway; the
-- gateway's answer settles it 'captured', or back to 'pending' with a doubling delay, 'failed'
-- after the last attempt. Captures are idempotent per authorisation at the gateway, so a claim
-- left by a crash is simply captured again. The outcome is then recorded as an event on the
-- project's stream (PaymentCaptured / PaymentCaptureFailed).
CREATE TABLE payment_captures (
  charge_id text PRIMARY KEY,
  stream_id text NOT NULL,
  project_id text NOT NULL,
  authorization_event_id uuid NOT NULL,
  gateway text NOT NULL,
  amount bigint NOT NULL,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'capturing', 'captured', 'failed')),
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  last_error text,
  authorized_at timestamptz NOT NULL,
  claimed_at timestamptz,
  settled_at timestamptz,
  -- Set once the outcome is an event on the project's stream.
  outcome_recorded boolean NOT NULL DEFAULT false
);
CREATE INDEX payment_captures_due ON payment_captures (next_attempt_at) WHERE status = 'pending';
CREATE INDEX payment_captures_capturing ON payment_captures (claimed_at) WHERE status = 'capturing';
CREATE INDEX payment_captures_unrecorded ON payment_captures (settled_at) WHERE status IN ('captured', 'failed') AND NOT outcome_recorded;
CREATE INDEX payment_captures_project ON payment_captures (project_id, authorized_at);

-- Card payments recorded before this release were captured by the checkout itself (decision 0124):
-- the outbox starts at the log's end as it stands now, so none of them is captured a second time.
INSERT INTO projection_checkpoints (name, transaction_id, global_position)
SELECT 'payment-captures', transaction_id::text::bigint, global_position FROM events ORDER BY transaction_id DESC, global_position DESC LIMIT 1
ON CONFLICT (name) DO NOTHING;

-- Down Migration
DROP TABLE payment_captures;
DELETE FROM projection_checkpoints WHERE name = 'payment-captures';
