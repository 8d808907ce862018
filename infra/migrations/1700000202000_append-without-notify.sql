-- Up Migration

-- The append no longer notifies inside its transaction: PostgreSQL takes one global lock on the
-- notification queue at every commit that notified, which serialised all appending writers.
-- Readers are woken after the commit instead (in-process at once, other processes by one
-- NOTIFY per burst of appends; decision 0110).
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

-- Down Migration
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
  PERFORM pg_notify('shop_events', p_stream);
  RETURN QUERY SELECT 'ok'::text, v_current + cardinality(p_ids);
END;
$$;
