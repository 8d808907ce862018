-- Up Migration

-- What the live push (query-api/src/live, docs/decisions/0170) tells browsers: one row per stream a
-- projection batch changed, written in the batch's transaction. Rows are written under one advisory
-- lock held until commit, so ids become visible in id order and a reader asking for "after id N"
-- never skips a row a slower transaction committed later. Rows are kept for a while only
-- (live_changes_horizon says up to which id they were removed); a client resuming from before
-- the horizon is told to refetch everything.
CREATE TABLE live_changes (
  id bigserial PRIMARY KEY,
  stream_id text NOT NULL,
  revision bigint NOT NULL,
  read_models text[] NOT NULL,
  -- occurredAt of the newest event of the stream in the batch: append-to-push latency.
  event_at timestamptz,
  recorded_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX live_changes_recorded_at ON live_changes (recorded_at);

CREATE TABLE live_changes_horizon (
  one boolean PRIMARY KEY DEFAULT true CHECK (one),
  removed_through bigint NOT NULL
);
INSERT INTO live_changes_horizon (removed_through) VALUES (0);

-- An ended session (logout, erasure, password change, expiry) closes its live streams in every
-- query-api process at once: the NOTIFY is delivered after the deleting transaction commits.
CREATE FUNCTION notify_session_ended() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('shop_session_ended', OLD.sid);
  RETURN OLD;
END $$;
CREATE TRIGGER http_sessions_ended AFTER DELETE ON http_sessions FOR EACH ROW EXECUTE FUNCTION notify_session_ended();

-- Down Migration
DROP TRIGGER http_sessions_ended ON http_sessions;
DROP FUNCTION notify_session_ended();
DROP TABLE live_changes_horizon;
DROP TABLE live_changes;
