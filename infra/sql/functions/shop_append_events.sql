-- The append: one round trip per append (decision 0241 and its successors, 0346 for the chain).
-- Locks the stream's row by moving its revision (or creating it), recognises a retried append by
-- its event ids (shop_stored_revision), checks the expected revision ('any', 'no_stream',
-- 'stream_exists' or a number), then inserts the events with their recorded time and chain
-- hashes: the previous event's hash is read once the stream's row is locked, so nothing else can
-- append to that stream until this transaction ends (decision 0346).
-- Answers ('ok' | 'duplicate' | 'conflict', revision); the caller maps 'conflict' to its typed
-- concurrency error. Runs inside the caller's transaction when there is one.
-- Comments stay out of the body: a long pg_proc row is compressed and read on every call (0296).
CREATE OR REPLACE FUNCTION shop_append_events(
  p_stream text, p_expected text, p_ids uuid[], p_types text[], p_versions int[], p_data jsonb[], p_metadata jsonb[]
) RETURNS TABLE (outcome text, revision bigint)
LANGUAGE plpgsql AS $$
DECLARE
  v_count int := cardinality(p_ids);
  v_current bigint;
  v_duplicate bigint;
  v_prev bytea;
BEGIN
  IF p_expected IN ('any', 'stream_exists') THEN
    v_duplicate := shop_stored_revision(p_stream, p_ids);
    IF v_duplicate IS NOT NULL THEN
      RETURN QUERY SELECT 'duplicate'::text, v_duplicate;
      RETURN;
    END IF;
  END IF;

  IF p_expected IN ('any', 'no_stream') THEN
    INSERT INTO streams AS s (stream_id, revision) VALUES (p_stream, v_count - 1)
      ON CONFLICT (stream_id) DO UPDATE SET revision = s.revision + v_count
        WHERE p_expected = 'any' OR s.revision < 0
      RETURNING s.revision - v_count INTO v_current;
  ELSE
    UPDATE streams s SET revision = s.revision + v_count
     WHERE s.stream_id = p_stream
       AND ((p_expected = 'stream_exists' AND s.revision >= 0)
         OR (p_expected ~ '^\d+$' AND s.revision = p_expected::bigint))
    RETURNING s.revision - v_count INTO v_current;
  END IF;

  IF NOT FOUND THEN
    v_duplicate := shop_stored_revision(p_stream, p_ids);
    IF v_duplicate IS NOT NULL THEN
      RETURN QUERY SELECT 'duplicate'::text, v_duplicate;
      RETURN;
    END IF;
    SELECT s.revision INTO v_current FROM streams s WHERE s.stream_id = p_stream;
    RETURN QUERY SELECT 'conflict'::text, coalesce(v_current, -1);
    RETURN;
  END IF;

  IF v_current >= 0 THEN
    SELECT e.event_hash INTO STRICT v_prev FROM events e WHERE e.stream_id = p_stream AND e.stream_revision = v_current;
  END IF;
  INSERT INTO events (event_id, stream_id, stream_revision, event_type, schema_version, data, metadata, recorded_at, event_hash)
  SELECT t.id, p_stream, v_current + t.n, t.type, t.version, t.data, t.metadata, now(), t.hash
    FROM unnest(p_ids, p_types, p_versions, p_data, p_metadata,
                shop_chain_hashes(v_prev, p_stream, v_current + 1, p_ids, p_types, p_versions, p_data, p_metadata, now()))
         WITH ORDINALITY AS t(id, type, version, data, metadata, hash, n);
  RETURN QUERY SELECT 'ok'::text, v_current + v_count;
END;
$$;
