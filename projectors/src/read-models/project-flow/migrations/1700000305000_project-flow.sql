-- Up Migration

-- Each project's way through the shop (docs/decisions/0182): when it first reached each funnel
-- step, its main product type and category as its latest draft says, and the state and
-- production state it is in and since when (what the next stretch is measured from).
CREATE TABLE project_flow (
  stream_id text PRIMARY KEY,
  project_id text NOT NULL,
  product_type text NOT NULL,
  category text NOT NULL,
  started_at timestamptz NOT NULL,
  submitted_at timestamptz,
  priced_at timestamptz,
  approved_at timestamptz,
  paid_at timestamptz,
  shipped_at timestamptz,
  cancelled_at timestamptz,
  state text NOT NULL,
  state_since timestamptz NOT NULL,
  production_state text,
  production_since timestamptz
);
CREATE INDEX project_flow_started_at_idx ON project_flow (started_at);

-- Every finished stretch of time: in a state, in a production state, draft to paid, paid to
-- shipped; keyed by the event that closed it (one event may close several).
CREATE TABLE project_stretches (
  event_id uuid NOT NULL,
  measure text NOT NULL,
  stream_id text NOT NULL,
  started_at timestamptz NOT NULL,
  ended_at timestamptz NOT NULL,
  days numeric NOT NULL,
  PRIMARY KEY (event_id, measure)
);
CREATE INDEX project_stretches_ended_at_idx ON project_stretches (ended_at);

-- Down Migration
DROP TABLE project_stretches;
DROP TABLE project_flow;
