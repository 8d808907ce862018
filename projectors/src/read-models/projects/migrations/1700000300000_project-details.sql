-- Up Migration

-- One row per project: the folded write-side state (so the next event can be applied without
-- reading the stream) and the domain's projectView of it, plus the columns the lists filter
-- and sort on. Dates stay ISO text, exactly as the events carry them, so the domain's list
-- comparators (which compare ISO strings) see the same values the write side saw.
CREATE TABLE project_details (
  stream_id text PRIMARY KEY,
  project_id text NOT NULL UNIQUE,
  revision bigint NOT NULL,
  owner_id text NOT NULL,
  organization_id text,
  name text NOT NULL,
  state text NOT NULL,
  production_state text NOT NULL,
  deleted boolean NOT NULL,
  due text,
  paid_amount bigint NOT NULL,
  balance_remaining bigint,
  stream_state jsonb NOT NULL,
  view jsonb NOT NULL
);
CREATE INDEX project_details_owner_id_idx ON project_details (owner_id);
CREATE INDEX project_details_organization_id_idx ON project_details (organization_id);
CREATE INDEX project_details_state_idx ON project_details (state);

-- Down Migration
DROP TABLE project_details;
