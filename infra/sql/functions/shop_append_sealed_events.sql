-- The sealed append (decisions 0241, 0264, 0296): the events of a stream that holds personal
-- data, with that person's data key and the stream's subject written in the same round trip.
-- - p_key_person/p_key/p_key_kek: a data key made for a new person, stored only if none exists
--   yet (ON CONFLICT DO NOTHING); when one does, nothing is appended and the answer is
--   'key_not_made' with the stored key, so the caller seals again with that key and retries.
--   The key-encryption key is read from its one-row table, so a key is never wrapped under a
--   generation the table does not hold.
-- - then the events through shop_append_events: one append, one body (decision 0370).
-- - p_sealed_for: the person whose key sealed the events; if the stream's subject changed
--   meanwhile (a transfer), the append is refused with SPD01 and rolled back, so no event is
--   sealed for someone who is no longer its subject.
-- - p_subject: the stream's subject from now on (a new stream or a transfer).
CREATE OR REPLACE FUNCTION shop_append_sealed_events(
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
      SELECT p_key_person, p_key, k.kek_id FROM personal_data_kek k WHERE k.kek_id = p_key_kek
      ON CONFLICT (person_id) DO NOTHING;
    IF NOT FOUND THEN
      RETURN QUERY SELECT 'key_not_made'::text, -1::bigint, k.data_key, k.kek_id, k.person_id IS NOT NULL
        FROM (SELECT 1) AS one LEFT JOIN personal_data_keys k ON k.person_id = p_key_person;
      RETURN;
    END IF;
  END IF;

  SELECT a.outcome, a.revision INTO v_outcome, v_revision
    FROM shop_append_events(p_stream, p_expected, p_ids, p_types, p_versions, p_data, p_metadata) AS a;
  IF v_outcome = 'conflict' THEN
    RETURN QUERY SELECT v_outcome, v_revision, NULL::bytea, NULL::text, false;
    RETURN;
  END IF;

  IF v_outcome = 'ok' AND p_sealed_for IS NOT NULL THEN
    PERFORM FROM personal_data_subjects WHERE stream_id = p_stream AND person_id = p_sealed_for;
    IF NOT FOUND THEN
      RAISE EXCEPTION 'the subject of stream % is no longer %', p_stream, p_sealed_for USING ERRCODE = 'SPD01';
    END IF;
  END IF;

  IF p_subject IS NOT NULL THEN
    INSERT INTO personal_data_subjects (stream_id, person_id) VALUES (p_stream, p_subject)
      ON CONFLICT (stream_id) DO UPDATE SET person_id = EXCLUDED.person_id
      WHERE personal_data_subjects.person_id IS DISTINCT FROM EXCLUDED.person_id;
  END IF;
  RETURN QUERY SELECT v_outcome, v_revision, NULL::bytea, NULL::text, false;
END;
$$;
