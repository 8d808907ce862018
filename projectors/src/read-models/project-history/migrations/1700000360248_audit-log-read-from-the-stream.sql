-- Up Migration

-- The staff audit of a project is its stream, read from the event store on request
-- (docs/decisions/0248): no copy of every event's data, and no second clear copy of personal data
-- for an erasure to rewrite and the purge to vacuum. project_history keeps its other two logs as
-- they were, so its version stays (nothing to rebuild).
DROP TABLE project_audit_log;

-- Down Migration

-- The table as the previous code writes it, empty; project_history's stored version set below the
-- previous code's (1), so that code rebuilds the projection in the background on its first start
-- (decision 0215) and the audit log is filled from the log again.
CREATE TABLE project_audit_log (
  stream_id text NOT NULL,
  revision bigint NOT NULL,
  event_id uuid NOT NULL,
  global_position bigint NOT NULL,
  type text NOT NULL,
  actor text NOT NULL,
  at text NOT NULL,
  data jsonb NOT NULL,
  PRIMARY KEY (stream_id, revision)
);
UPDATE projection_checkpoints SET version = 0 WHERE name = 'project_history';
