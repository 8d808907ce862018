-- Up Migration

-- The append takes its stream's lock and moves the stream's revision on in ONE statement, checking
-- the expected revision in that statement's WHERE, and looks for already-stored event ids only
-- when it has to (expected 'any' or 'stream_exists', or a refused expectation, which is what a
-- retried append with an exact revision meets). At 32 concurrent single-event writers the upsert, SELECT FOR UPDATE, UPDATE and id
-- lookup of every append were about a third of the server's work (decision 0110). A refused append
-- writes nothing: its statement changed no row.
CREATE OR REPLACE FUNCTION shop_append_events(
  p_stream text, p_expected text, p_ids uuid[], p_types text[], p_versions int[], p_data jsonb[], p_metadata jsonb[]
) RETURNS TABLE (outcome text, revision bigint)
LANGUAGE plpgsql AS $$
DECLARE
  v_count int := cardinality(p_ids);
  v_current bigint;
  v_duplicate bigint;
BEGIN
  -- Only these expectations can still hold when the same events are appended again (a retry);
  -- an exact revision or no_stream no longer does, and is refused below, where ids are looked up.
  IF p_expected IN ('any', 'stream_exists') THEN
    v_duplicate := shop_stored_revision(p_stream, p_ids);
    IF v_duplicate IS NOT NULL THEN
      RETURN QUERY SELECT 'duplicate'::text, v_duplicate;
      RETURN;
    END IF;
  END IF;

  IF p_expected IN ('any', 'no_stream') THEN
    -- A stream row at -1 was left by an append that was refused before any event (older version).
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

  INSERT INTO events (event_id, stream_id, stream_revision, event_type, schema_version, data, metadata)
  SELECT t.id, p_stream, v_current + t.n, t.type, t.version, t.data, t.metadata
    FROM unnest(p_ids, p_types, p_versions, p_data, p_metadata) WITH ORDINALITY AS t(id, type, version, data, metadata, n);
  RETURN QUERY SELECT 'ok'::text, v_current + v_count;
END;
$$;

-- The stream revision of a re-append of stored events (a retry), null when none of them is stored;
-- an error when only some are, or when they belong to another stream.
CREATE OR REPLACE FUNCTION shop_stored_revision(p_stream text, p_ids uuid[]) RETURNS bigint
LANGUAGE plpgsql AS $$
DECLARE
  v_found int;
  v_found_elsewhere int;
  v_max bigint;
BEGIN
  SELECT count(*), count(*) FILTER (WHERE e.stream_id <> p_stream), max(e.stream_revision)
    INTO v_found, v_found_elsewhere, v_max
    FROM events e WHERE e.event_id = ANY(p_ids);
  IF v_found = 0 THEN
    RETURN NULL;
  END IF;
  IF v_found <> cardinality(p_ids) OR v_found_elsewhere > 0 THEN
    RAISE EXCEPTION 'events % were partly stored already or belong to another stream', p_ids;
  END IF;
  RETURN v_max;
END;
$$;

-- Down Migration
DROP FUNCTION shop_stored_revision(text, uuid[]);
CREATE OR REPLACE FUNCTION shop_append_events(
  p_stream text, p_expected text, p_ids uuid[], p_types text[], p_versions int[], p_data jsonb[], p_metadata jsonb[]
) RETURNS TABLE (outcome text, revision bigint)
LANGUAGE plpgsql AS $$
DECLARE
  v_current bigint;
  v_found int;
  v_found_elsewhere int;
  v_max bigint;
BEGIN
  INSERT INTO streams (stream_id, revision) VALUES (p_stream, -1) ON CONFLICT DO NOTHING;
  SELECT s.revision INTO v_current FROM streams s WHERE s.stream_id = p_stream FOR UPDATE;

  SELECT count(*), count(*) FILTER (WHERE e.stream_id <> p_stream), max(e.stream_revision)
    INTO v_found, v_found_elsewhere, v_max
    FROM events e WHERE e.event_id = ANY(p_ids);
  IF v_found > 0 THEN
    IF v_found <> cardinality(p_ids) OR v_found_elsewhere > 0 THEN
      RAISE EXCEPTION 'events % were partly stored already or belong to another stream', p_ids;
    END IF;
    RETURN QUERY SELECT 'duplicate'::text, v_max;
    RETURN;
  END IF;

  IF NOT (p_expected = 'any'
      OR (p_expected = 'no_stream' AND v_current < 0)
      OR (p_expected = 'stream_exists' AND v_current >= 0)
      OR (p_expected ~ '^\d+$' AND p_expected::bigint = v_current)) THEN
    RETURN QUERY SELECT 'conflict'::text, v_current;
    RETURN;
  END IF;

  INSERT INTO events (event_id, stream_id, stream_revision, event_type, schema_version, data, metadata)
  SELECT t.id, p_stream, v_current + t.n, t.type, t.version, t.data, t.metadata
    FROM unnest(p_ids, p_types, p_versions, p_data, p_metadata) WITH ORDINALITY AS t(id, type, version, data, metadata, n);

  UPDATE streams s SET revision = v_current + cardinality(p_ids) WHERE s.stream_id = p_stream;
  RETURN QUERY SELECT 'ok'::text, v_current + cardinality(p_ids);
END;
$$;
