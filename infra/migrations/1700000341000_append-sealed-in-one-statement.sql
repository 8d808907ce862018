-- Up Migration

-- A sealed append in one round trip (decision 0241): the data key of a person new to the shop
-- (made and wrapped by the writer, which sealed the events with it), the events, and the stream's
-- subject, in one transaction. A key is inserted only under the key-encryption key the database
-- names and only if the person has no row; otherwise nothing is appended, the outcome is
-- 'key_not_made' with the person's row as it is (a key, an erasure's tombstone, or none when the
-- key-encryption key moved on), and the writer seals again with that.
CREATE OR REPLACE FUNCTION shop_append_sealed_events(
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

-- Down Migration
DROP FUNCTION shop_append_sealed_events(text, text, uuid[], text[], int[], jsonb[], jsonb[], text, bytea, text, text);
