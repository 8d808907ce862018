-- Up Migration

-- The reading rule (decision 0231). A reader may pass an event only when no transaction that could
-- still write an event before it is in flight. `transaction_id < pg_snapshot_xmin(...)` said "no
-- transaction at all is in flight": xids are cluster-wide, so a projection's drain, a rebuild's COPY,
-- or any transaction in ANOTHER database of the cluster held every reader back until it ended.
--
-- shop_read_horizon() is the oldest in-flight transaction of the reader's snapshot that might append
-- to this database's log, or the snapshot's xmax when there is none. A transaction is left out only
-- when it is known not to append here:
--   * its backend is connected to another database (pg_stat_get_activity's backend_xid and datid), or
--   * it called shop_not_appending() before it wrote anything (an advisory lock held until its end,
--     found with its own xid's lock in ONE read of the lock table; the trigger below refuses its appends).
-- Anything not known is kept, so a missed sighting (a transaction that ended between the snapshot and
-- the look at pg_locks, a backend not yet in the activity list) only makes the horizon lower, never higher.
-- Call it as a scalar subquery, `(SELECT shop_read_horizon())`, so it runs once per statement.

CREATE FUNCTION shop_not_appending() RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  -- A transaction that appended and THEN marked itself would be left out while its events are
  -- still invisible to readers, who would pass them for good. So the mark must come before any write.
  IF pg_current_xact_id_if_assigned() IS NOT NULL THEN
    RAISE EXCEPTION 'shop_not_appending() must be called before the transaction writes anything';
  END IF;
  PERFORM pg_advisory_xact_lock_shared(1399352400, 1);
  PERFORM set_config('shop.not_appending', 'on', true);
END;
$$;

CREATE FUNCTION shop_refuse_marked_appends() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('shop.not_appending', true) = 'on' THEN
    RAISE EXCEPTION 'this transaction called shop_not_appending(): it may not append events';
  END IF;
  RETURN NULL;
END;
$$;

CREATE TRIGGER events_refuse_marked_appends BEFORE INSERT ON events
  FOR EACH STATEMENT EXECUTE FUNCTION shop_refuse_marked_appends();

CREATE FUNCTION shop_read_horizon() RETURNS xid8
LANGUAGE sql STABLE AS $$
  WITH here AS (SELECT oid FROM pg_database WHERE datname = current_database()),
  locks AS MATERIALIZED (
    SELECT locktype, database, classid, objid, objsubid, pid, transactionid, mode, granted FROM pg_locks
  ),
  not_appending AS (
    SELECT own.transactionid::text::bigint AS xid32
      FROM locks mark JOIN locks own ON own.pid = mark.pid
     WHERE mark.locktype = 'advisory' AND mark.database = (SELECT oid FROM here)
       AND mark.classid = 1399352400 AND mark.objid = 1 AND mark.objsubid = 2 AND mark.granted
       AND own.locktype = 'transactionid' AND own.mode = 'ExclusiveLock' AND own.granted
    UNION ALL
    SELECT a.backend_xid::text::bigint
      FROM pg_stat_get_activity(NULL) a
     WHERE a.backend_xid IS NOT NULL AND a.datid <> (SELECT oid FROM here)
  )
  SELECT coalesce(
           (SELECT min(x) FROM pg_snapshot_xip(snapshot) AS x
             WHERE NOT EXISTS (SELECT 1 FROM not_appending n WHERE n.xid32 = (x::text::bigint & 4294967295))),
           pg_snapshot_xmax(snapshot))
    FROM (SELECT pg_current_snapshot() AS snapshot) AS current
$$;

-- Down Migration
DROP FUNCTION shop_read_horizon();
DROP TRIGGER events_refuse_marked_appends ON events;
DROP FUNCTION shop_refuse_marked_appends();
DROP FUNCTION shop_not_appending();
