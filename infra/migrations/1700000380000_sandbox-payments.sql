-- Up Migration

-- The sandbox payment gateway's own books (decision 0380), in PostgreSQL rather than its memory:
-- a real card processor remembers an authorisation when the shop restarts, and the payment
-- reactor captures after a crash what the checkout authorised before it. Owned by the sandbox
-- adapter (infra/src/payments/sandbox-gateway.ts); no other code reads or writes them.
-- One row per authorisation request, by its idempotency key: a repeat answers the first outcome.
CREATE TABLE sandbox_payment_authorizations (
  idempotency_key text PRIMARY KEY,
  authorization_id text UNIQUE,
  status text NOT NULL CHECK (status IN ('authorized', 'declined', 'voided')),
  decline_message text,
  amount bigint NOT NULL,
  description text NOT NULL,
  authorized_at timestamptz NOT NULL DEFAULT now(),
  voided_at timestamptz
);

-- At most one capture per authorisation (its primary key): a capture repeated after a crash, or by
-- two reactors at once, finds the row and takes no money twice.
CREATE TABLE sandbox_payment_captures (
  authorization_id text PRIMARY KEY REFERENCES sandbox_payment_authorizations (authorization_id),
  captured_at timestamptz NOT NULL DEFAULT now()
);

-- Down Migration
DROP TABLE sandbox_payment_captures;
DROP TABLE sandbox_payment_authorizations;
