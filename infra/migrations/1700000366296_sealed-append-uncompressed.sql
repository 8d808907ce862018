-- Up Migration

-- The sealed append of migration sealed-append-inlined, statement for statement but one, with its
-- comments here instead of inside the body (decision 0296). pg_proc keeps a function's row inline up to
-- about 2 kB; past that PostgreSQL compresses its largest columns, and with the commented body
-- (3,639 characters, 1,725 bytes compressed) the row stayed too long, so the argument names, types
-- and modes were compressed as well. Those are read, and so decompressed, twice on every call (the
-- call's result type, when the statement is parsed and when its executor starts): 1-1.5% of a
-- new owner's append in the database (perf). Without the comments the row stays under the limit and
-- only the body is compressed, which PL/pgSQL reads once per session. A test checks that the
-- arguments stay uncompressed (sealed-append.int.test.ts): a body that grows back past it fails.
--
-- The one statement changed: the key's insert reads its row from personal_data_kek (which holds at
-- most one row) where it tested EXISTS on it: the same row or none, the same snapshot and lock, one
-- plan node and a subplan less on every new person's append.
--
-- What the body does (unchanged; decisions 0241, 0245, 0264):
-- 1. A new person's key, only under the key-encryption key the database names and only if the
--    person has no row; otherwise nothing is appended and the person's row goes back (0241).
-- 2. A retry of stored events (only 'any' and 'stream_exists' can still hold for one) is a duplicate.
-- 3. The append itself is shop_append_events' body (migration append-in-one-statement) inline: the
--    stream's row lock and revision moved in one statement (a stream row at -1 was left by an append
--    refused before any event, older version), ids looked up only where a retry can be. Refused: a
--    retry with an exact revision (a duplicate) or a conflict; nothing written but the key. Keep the
--    two in step; the event store contract runs through both (postgres-event-store and
--    protected-event-store int tests).
-- 4. With the stream's lock held no transfer can commit under it: the subject read then is the one
--    these events follow (0245), a statement of its own, planned once per session.
-- 5. Appended or a duplicate: the subject the append names is recorded (written only when it changes).
CREATE OR REPLACE FUNCTION shop_append_sealed_events(
  p_stream text, p_expected text, p_ids uuid[], p_types text[], p_versions int[], p_data jsonb[], p_metadata jsonb[],
  p_key_person text, p_key bytea, p_key_kek text, p_subject text, p_sealed_for text
) RETURNS TABLE (outcome text, revision bigint, found_key bytea, found_kek text, found boolean)
LANGUAGE plpgsql AS $$
DECLARE
  v_count int := cardinality(p_ids);
  v_current bigint;
  v_outcome text := 'duplicate';
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

  IF p_expected IN ('any', 'stream_exists') THEN
    v_revision := shop_stored_revision(p_stream, p_ids);
  END IF;

  IF v_revision IS NULL THEN
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
      v_revision := shop_stored_revision(p_stream, p_ids);
      IF v_revision IS NULL THEN
        SELECT s.revision INTO v_current FROM streams s WHERE s.stream_id = p_stream;
        RETURN QUERY SELECT 'conflict'::text, coalesce(v_current, -1), NULL::bytea, NULL::text, false;
        RETURN;
      END IF;
    ELSE
      INSERT INTO events (event_id, stream_id, stream_revision, event_type, schema_version, data, metadata)
      SELECT t.id, p_stream, v_current + t.n, t.type, t.version, t.data, t.metadata
        FROM unnest(p_ids, p_types, p_versions, p_data, p_metadata) WITH ORDINALITY AS t(id, type, version, data, metadata, n);
      v_outcome := 'ok';
      v_revision := v_current + v_count;

      IF p_sealed_for IS NOT NULL THEN
        PERFORM FROM personal_data_subjects WHERE stream_id = p_stream AND person_id = p_sealed_for;
        IF NOT FOUND THEN
          RAISE EXCEPTION 'the subject of stream % is no longer %', p_stream, p_sealed_for USING ERRCODE = 'SPD01';
        END IF;
      END IF;
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

-- Down Migration
-- The commented body of migration sealed-append-inlined, as it was.
CREATE OR REPLACE FUNCTION shop_append_sealed_events(
  p_stream text, p_expected text, p_ids uuid[], p_types text[], p_versions int[], p_data jsonb[], p_metadata jsonb[],
  p_key_person text, p_key bytea, p_key_kek text, p_subject text, p_sealed_for text
) RETURNS TABLE (outcome text, revision bigint, found_key bytea, found_kek text, found boolean)
LANGUAGE plpgsql AS $$
DECLARE
  v_count int := cardinality(p_ids);
  v_current bigint;
  v_outcome text := 'duplicate';
  v_revision bigint;
BEGIN
  -- A new person's key, only under the key-encryption key the database names and only if the
  -- person has no row; otherwise nothing is appended and the person's row goes back (0241).
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

  -- A retry of stored events (only these expectations can still hold for one) is a duplicate.
  IF p_expected IN ('any', 'stream_exists') THEN
    v_revision := shop_stored_revision(p_stream, p_ids);
  END IF;

  IF v_revision IS NULL THEN
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
      -- Refused: a retry with an exact revision (a duplicate) or a conflict; nothing written but the key.
      v_revision := shop_stored_revision(p_stream, p_ids);
      IF v_revision IS NULL THEN
        SELECT s.revision INTO v_current FROM streams s WHERE s.stream_id = p_stream;
        RETURN QUERY SELECT 'conflict'::text, coalesce(v_current, -1), NULL::bytea, NULL::text, false;
        RETURN;
      END IF;
    ELSE
      INSERT INTO events (event_id, stream_id, stream_revision, event_type, schema_version, data, metadata)
      SELECT t.id, p_stream, v_current + t.n, t.type, t.version, t.data, t.metadata
        FROM unnest(p_ids, p_types, p_versions, p_data, p_metadata) WITH ORDINALITY AS t(id, type, version, data, metadata, n);
      v_outcome := 'ok';
      v_revision := v_current + v_count;

      -- The stream's lock is held now, so no transfer can commit under it: the subject read here
      -- is the one these events follow (0245). A statement of its own, planned once per session.
      IF p_sealed_for IS NOT NULL THEN
        PERFORM FROM personal_data_subjects WHERE stream_id = p_stream AND person_id = p_sealed_for;
        IF NOT FOUND THEN
          RAISE EXCEPTION 'the subject of stream % is no longer %', p_stream, p_sealed_for USING ERRCODE = 'SPD01';
        END IF;
      END IF;
    END IF;
  END IF;

  -- Appended or a duplicate: the subject the append names is recorded (written only when it changes).
  IF p_subject IS NOT NULL THEN
    INSERT INTO personal_data_subjects (stream_id, person_id) VALUES (p_stream, p_subject)
      ON CONFLICT (stream_id) DO UPDATE SET person_id = EXCLUDED.person_id
      WHERE personal_data_subjects.person_id IS DISTINCT FROM EXCLUDED.person_id;
  END IF;
  RETURN QUERY SELECT v_outcome, v_revision, NULL::bytea, NULL::text, false;
END;
$$;

