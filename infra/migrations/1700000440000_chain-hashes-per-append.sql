-- Up Migration

-- The same chain hashes (decision 0346's definition, unchanged: no stored hash changes), made with
-- less work per event (decision 0440). shop_chain_hashes prints the parts every event of an append
-- shares once (the stream's field and the recorded time) and hashes each event inline, without a
-- call per event. shop_event_hash, the one-event form the migration of 0346 and the tests use,
-- becomes the chain of one, so the definition is written once in SQL (and once in Node, for
-- npm run verify-log, which recomputes it independently).
CREATE OR REPLACE FUNCTION shop_chain_hashes(
  p_prev bytea, p_stream text, p_first bigint, p_ids uuid[], p_types text[], p_versions int[], p_data jsonb[], p_metadata jsonb[], p_recorded timestamptz
) RETURNS bytea[]
LANGUAGE plpgsql STABLE PARALLEL SAFE AS $$
DECLARE
  v_hashes bytea[] := '{}';
  v_prev bytea := coalesce(p_prev, '\x'::bytea);
  v_stream text := octet_length(p_stream) || ':' || p_stream || E'\n';
  v_recorded text := coalesce(to_char(p_recorded AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'), '');
  v_id text;
  v_revision text;
  v_version text;
  v_data text;
  v_metadata text;
BEGIN
  v_recorded := octet_length(v_recorded) || ':' || v_recorded || E'\n';
  FOR i IN 1 .. cardinality(p_ids) LOOP
    v_id := p_ids[i]::text;
    v_revision := (p_first + i - 1)::text;
    v_version := p_versions[i]::text;
    v_data := p_data[i]::text;
    v_metadata := p_metadata[i]::text;
    v_prev := sha256(v_prev || convert_to(
      octet_length(v_id) || ':' || v_id || E'\n' || v_stream
      || octet_length(v_revision) || ':' || v_revision || E'\n' || octet_length(p_types[i]) || ':' || p_types[i] || E'\n'
      || octet_length(v_version) || ':' || v_version || E'\n' || octet_length(v_data) || ':' || v_data || E'\n'
      || octet_length(v_metadata) || ':' || v_metadata || E'\n' || v_recorded, 'UTF8'));
    v_hashes[i] := v_prev;
  END LOOP;
  RETURN v_hashes;
END;
$$;

CREATE OR REPLACE FUNCTION shop_event_hash(
  p_prev bytea, p_id uuid, p_stream text, p_revision bigint, p_type text, p_version int, p_data jsonb, p_metadata jsonb, p_recorded timestamptz
) RETURNS bytea
LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT (shop_chain_hashes(p_prev, p_stream, p_revision, ARRAY[p_id], ARRAY[p_type], ARRAY[p_version], ARRAY[p_data], ARRAY[p_metadata], p_recorded))[1]
$$;

-- Down Migration
-- Nothing to undo: both functions give the same hashes as the bodies they replaced, which an older
-- release may keep using as they are.
