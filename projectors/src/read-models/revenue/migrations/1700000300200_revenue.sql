-- Up Migration

-- Every payment recorded on a project, one row per PaymentRecorded event: the source of the
-- revenue statistics (docs/decisions/0061-revenue-and-due-work-figures.md).
CREATE TABLE revenue_payments (
  event_id uuid PRIMARY KEY,
  stream_id text NOT NULL,
  project_id text NOT NULL,
  amount bigint NOT NULL,
  partial boolean NOT NULL,
  remaining bigint NOT NULL,
  paid_at timestamptz NOT NULL
);
CREATE INDEX revenue_payments_paid_at_idx ON revenue_payments (paid_at);

-- Which project a stream holds, so payments (which do not repeat the id) can name it.
CREATE TABLE revenue_projects (
  stream_id text PRIMARY KEY,
  project_id text NOT NULL
);

-- Down Migration
DROP TABLE revenue_projects;
DROP TABLE revenue_payments;
