-- Up Migration

-- A sealed append whose events were sealed for the stream's recorded subject, as the writer knew it
-- (remembered in its process, or looked up), says so in p_sealed_for (decision 0245). Once the
-- append holds the stream's row lock, a transfer can no longer commit under it, so the subject read
-- here is the one these events follow: when it is another person, the statement fails with
-- SQLSTATE 'SPD01' and nothing of it stays (key, events, subject); the writer looks the subject up
-- and seals again. Otherwise as before (decision 0241).
DROP FUNCTION shop_append_sealed_events(text, text, uuid[], text[], int[], jsonb[], jsonb[], text, bytea, text, text);

CREATE FUNCTION shop_append_sealed_events(
  p_stream text, p_expected text, p_ids uuid[], p_types text[], p_versions int[], p_data jsonb[], p_metadata jsonb[],
  p_key_person text, p_key bytea, p_key_kek text, p_subject text, p_sealed_for text
) RETURNS TABLE (outcome text, revision bigint, found_key bytea, found_kek text, found boolean)
LANGUAGE plpgsql AS $$
DECLARE
  v_outcome text;
  v_revision bigint;
BEGIN
  IF p_key_person IS NOT NULL THEN
    INSERT INTO personal_data_keys (person_id, data_key, kek_id)
      SELECT p_key_person, p_key, p_key_kek WHERE EXISTS (SELECT 1 FROM personal_data_kek WHERE kek_id = p_key_kek)
      ON CONFLICT (person_id) DO NOTHING;
    IF NOT FOUND THEN
      RETURN QUERY SELECT 'key_not_made'::text, -1::bigint, k.data_key, k.kek_id, k.person_id IS NOT NULL
        FROM (SELECT 1) AS one LEFT JOIN personal_data_keys k ON k.person_id = p_key_person;
      RETURN;
    END IF;
  END IF;
  SELECT a.outcome, a.revision INTO v_outcome, v_revision
    FROM shop_append_events(p_stream, p_expected, p_ids, p_types, p_versions, p_data, p_metadata) AS a;
  IF v_outcome = 'ok' AND p_sealed_for IS NOT NULL
     AND NOT EXISTS (SELECT 1 FROM personal_data_subjects WHERE stream_id = p_stream AND person_id = p_sealed_for) THEN
    RAISE EXCEPTION 'the subject of stream % is no longer %', p_stream, p_sealed_for USING ERRCODE = 'SPD01';
  END IF;
  IF v_outcome <> 'conflict' AND p_subject IS NOT NULL THEN
    INSERT INTO personal_data_subjects (stream_id, person_id) VALUES (p_stream, p_subject)
      ON CONFLICT (stream_id) DO UPDATE SET person_id = EXCLUDED.person_id
      WHERE personal_data_subjects.person_id IS DISTINCT FROM EXCLUDED.person_id;
  END IF;
  RETURN QUERY SELECT v_outcome, v_revision, NULL::bytea, NULL::text, false;
END;
$$;

-- Down Migration
DROP FUNCTION shop_append_sealed_events(text, text, uuid[], text[], int[], jsonb[], jsonb[], text, bytea, text, text, text);

CREATE FUNCTION shop_append_sealed_events(
  p_stream text, p_expected text, p_ids uuid[], p_types text[], p_versions int[], p_data jsonb[], p_metadata jsonb[],
  p_key_person text, p_key bytea, p_key_kek text, p_subject text
) RETURNS TABLE (outcome text, revision bigint, found_key bytea, found_kek text, found boolean)
LANGUAGE plpgsql AS $$
DECLARE
  v_outcome text;
  v_revision bigint;
BEGIN
  IF p_key_person IS NOT NULL THEN
    INSERT INTO personal_data_keys (person_id, data_key, kek_id)
      SELECT p_key_person, p_key, p_key_kek WHERE EXISTS (SELECT 1 FROM personal_data_kek WHERE kek_id = p_key_kek)
      ON CONFLICT (person_id) DO NOTHING;
    IF NOT FOUND THEN
      RETURN QUERY SELECT 'key_not_made'::text, -1::bigint, k.data_key, k.kek_id, k.person_id IS NOT NULL
        FROM (SELECT 1) AS one LEFT JOIN personal_data_keys k ON k.person_id = p_key_person;
      RETURN;
    END IF;
  END IF;
  SELECT a.outcome, a.revision INTO v_outcome, v_revision
    FROM shop_append_events(p_stream, p_expected, p_ids, p_types, p_versions, p_data, p_metadata) AS a;
  IF v_outcome <> 'conflict' AND p_subject IS NOT NULL THEN
    INSERT INTO personal_data_subjects (stream_id, person_id) VALUES (p_stream, p_subject)
      ON CONFLICT (stream_id) DO UPDATE SET person_id = EXCLUDED.person_id
      WHERE personal_data_subjects.person_id IS DISTINCT FROM EXCLUDED.person_id;
  END IF;
  RETURN QUERY SELECT v_outcome, v_revision, NULL::bytea, NULL::text, false;
END;
$$;
