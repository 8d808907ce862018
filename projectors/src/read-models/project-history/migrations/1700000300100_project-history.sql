-- Up Migration

-- The project_history projection keeps its own fold of each project stream (so it can say what
-- an event changed) and three logs derived from the stream: the staff activity log (SPEC §4
-- kinds P, S, E, PR), the customer timeline, and the full audit log.
CREATE TABLE project_fold (
  stream_id text PRIMARY KEY,
  project_id text NOT NULL,
  stream_state jsonb NOT NULL
);
CREATE INDEX project_fold_project_id_idx ON project_fold (project_id);

CREATE TABLE project_activity (
  stream_id text NOT NULL,
  revision bigint NOT NULL,
  kind text NOT NULL,
  text text NOT NULL,
  at text NOT NULL,
  actor text NOT NULL,
  PRIMARY KEY (stream_id, revision)
);

CREATE TABLE project_timeline (
  stream_id text NOT NULL,
  revision bigint NOT NULL,
  step text NOT NULL,
  label text NOT NULL,
  at text NOT NULL,
  detail jsonb NOT NULL,
  PRIMARY KEY (stream_id, revision)
);

CREATE TABLE project_audit_log (
  stream_id text NOT NULL,
  revision bigint NOT NULL,
  event_id uuid NOT NULL,
  global_position bigint NOT NULL,
  type text NOT NULL,
  actor text NOT NULL,
  at text NOT NULL,
  changes jsonb NOT NULL,
  data jsonb NOT NULL,
  PRIMARY KEY (stream_id, revision)
);

-- Down Migration
DROP TABLE project_audit_log;
DROP TABLE project_timeline;
DROP TABLE project_activity;
DROP TABLE project_fold;
