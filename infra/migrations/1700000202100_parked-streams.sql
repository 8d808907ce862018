-- Up Migration

-- A stream a projection could not apply is parked on its revision row: the projection skips the
-- stream's events (its revision stays where it was) and goes on with every other stream. Staff
-- or the CLI ask for a retry after a fix; the process feeding the projection then applies the
-- stream's missing events from the store and clears the mark (decision 0111).
ALTER TABLE projection_stream_revisions
  ADD COLUMN parked_at timestamptz,
  ADD COLUMN parked_event_id uuid,
  ADD COLUMN parked_event_type text,
  ADD COLUMN parked_revision bigint,
  ADD COLUMN parked_error text,
  ADD COLUMN retry_requested_at timestamptz;

CREATE INDEX projection_stream_revisions_parked ON projection_stream_revisions (parked_at) WHERE parked_at IS NOT NULL;

-- Down Migration
DROP INDEX projection_stream_revisions_parked;
ALTER TABLE projection_stream_revisions
  DROP COLUMN parked_at, DROP COLUMN parked_event_id, DROP COLUMN parked_event_type,
  DROP COLUMN parked_revision, DROP COLUMN parked_error, DROP COLUMN retry_requested_at;
