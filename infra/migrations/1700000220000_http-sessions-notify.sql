-- Up Migration

-- Every process caches the sessions it read for a few seconds (decision 0221); this tells them all
-- when one is deleted (log-out, erasure, pruning) or its contents change. A touch that only moves
-- the expiry says nothing.
CREATE FUNCTION http_sessions_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('http_sessions_changed', OLD.sid);
  RETURN NULL;
END $$;

CREATE TRIGGER http_sessions_deleted AFTER DELETE ON http_sessions
  FOR EACH ROW EXECUTE FUNCTION http_sessions_notify();
CREATE TRIGGER http_sessions_changed AFTER UPDATE ON http_sessions
  FOR EACH ROW WHEN (OLD.sess::text IS DISTINCT FROM NEW.sess::text) EXECUTE FUNCTION http_sessions_notify();

-- Down Migration
DROP TRIGGER http_sessions_changed ON http_sessions;
DROP TRIGGER http_sessions_deleted ON http_sessions;
DROP FUNCTION http_sessions_notify();
