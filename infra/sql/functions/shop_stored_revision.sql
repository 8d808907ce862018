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
