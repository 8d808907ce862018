-- Up Migration

-- Users whose read of the stream ended with this change (a project's old owner after a transfer):
-- their open pages are told to read again, and then find the project gone (docs/decisions/0247).
ALTER TABLE live_changes ADD COLUMN former_readers text[] NOT NULL DEFAULT '{}';

-- Down Migration
ALTER TABLE live_changes DROP COLUMN former_readers;
