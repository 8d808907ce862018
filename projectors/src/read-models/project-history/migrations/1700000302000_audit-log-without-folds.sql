-- Up Migration

-- "What changed" is no longer stored per event: it is the difference of the project's views before
-- and after each event, folded from the audit rows' own data when a project's audit log is read
-- (project-history/audit-changes.ts). Storing it was a third of a full rebuild's time
-- (docs/decisions/0100), for a log that is read one project at a time.
ALTER TABLE project_audit_log DROP COLUMN changes;

-- The projection kept each project's folded state only to work out those changes.
DROP TABLE project_fold;

-- Down Migration
CREATE TABLE project_fold (
  stream_id text PRIMARY KEY,
  project_id text NOT NULL,
  stream_state jsonb NOT NULL
);
CREATE INDEX project_fold_project_id_idx ON project_fold (project_id);
ALTER TABLE project_audit_log ADD COLUMN changes jsonb NOT NULL DEFAULT '[]';
ALTER TABLE project_audit_log ALTER COLUMN changes DROP DEFAULT;
