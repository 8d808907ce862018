-- Up Migration

-- The first answer to a state-changing request sent with an Idempotency-Key (decision 0325), per
-- caller (`scope`: the account, or the anonymous visitor) and key, kept for 24 hours and sent again
-- for a repeat with the same request (`fingerprint`). In PostgreSQL, not in a process's memory: the
-- scaled topology's command-api processes share it, and a repeat may reach another one.
-- `answer_status` is null while the first request runs; `locked_until` bounds how long a repeat
-- waits for it (a process killed mid-request leaves the row, and a repeat after that takes it over).
CREATE TABLE idempotent_requests (
  scope text NOT NULL,
  idempotency_key text NOT NULL,
  fingerprint text NOT NULL,
  locked_until timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  answer_status int,
  answer_headers jsonb,
  answer_body bytea,
  PRIMARY KEY (scope, idempotency_key)
);
-- The sweep of expired answers.
CREATE INDEX idempotent_requests_expiry ON idempotent_requests (expires_at);

-- Down Migration
DROP TABLE idempotent_requests;
