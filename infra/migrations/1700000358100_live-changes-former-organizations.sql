-- Up Migration

-- Organizations whose members could read the stream until this change (a transferred project's
-- old organization): those who may not read it now are told to read again (docs/decisions/0247).
ALTER TABLE live_changes ADD COLUMN former_organizations text[] NOT NULL DEFAULT '{}';

-- Down Migration
ALTER TABLE live_changes DROP COLUMN former_organizations;
