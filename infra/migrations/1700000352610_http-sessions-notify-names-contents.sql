-- Up Migration

-- An updated session's notice also names what the row now holds (md5 of its text), so the process
-- that saved it can keep its own copy of what it stored instead of reading it back (decision
-- 0261). Every update says so, a change or not (a save that changed nothing, a touch of the
-- expiry: rare), so the writer can tell whether its own notice has arrived yet; a process whose
-- copy holds the named contents keeps it. A deletion names the sid alone, as before; an insert
-- (a new session, whose cookie nobody holds yet) says nothing, as before.
CREATE OR REPLACE FUNCTION http_sessions_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    PERFORM pg_notify('http_sessions_changed', OLD.sid || ' ' || md5(NEW.sess::text));
  ELSE
    PERFORM pg_notify('http_sessions_changed', OLD.sid);
  END IF;
  RETURN NULL;
END $$;

DROP TRIGGER http_sessions_changed ON http_sessions;
CREATE TRIGGER http_sessions_changed AFTER UPDATE ON http_sessions
  FOR EACH ROW EXECUTE FUNCTION http_sessions_notify();

-- Down Migration
DROP TRIGGER http_sessions_changed ON http_sessions;
CREATE TRIGGER http_sessions_changed AFTER UPDATE ON http_sessions
  FOR EACH ROW WHEN (OLD.sess::text IS DISTINCT FROM NEW.sess::text) EXECUTE FUNCTION http_sessions_notify();
CREATE OR REPLACE FUNCTION http_sessions_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('http_sessions_changed', OLD.sid);
  RETURN NULL;
END $$;
