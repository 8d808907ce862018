-- Up Migration

-- A log auditors can trust (decisions 0345-0348).
--
-- 1. recorded_at: the database's clock when an event is appended (now(), the appending
--    transaction's start), beside the business time the application writes in metadata.occurredAt.
--    Events appended before this migration keep NULL: the database never recorded when they came.
-- 2. event_hash: a chain per stream. An event's hash is sha256 over the previous event's hash in its
--    stream (nothing for revision 0) and its own stored bytes, each field as "<bytes>:<text>\n":
--    event id, stream id, revision, type, schema version, data and metadata as jsonb prints them
--    (its canonical text output, decision 0346), recorded time as UTC ISO-8601 with microseconds
--    (empty when NULL). shop_event_hash() is the definition; npm run verify-log recomputes it in
--    Node from the stored columns (infra/src/event-store/log-chain/event-hash.ts).
-- 3. The append functions chain inside the append: the stream's row is locked by the statement that
--    moves its revision, so the previous event (revision v_current) is committed and read by the
--    next statement's snapshot; nothing else can append to that stream until this transaction ends.
-- 4. UPDATE, DELETE and TRUNCATE of events are refused for every role, unless the same transaction
--    first logged why in event_rewrites (shop_allow_event_rewrite), the one documented path.
-- 5. log_digests: signed roots over the chain heads (written by the sealing, infra log-chain/seal.ts).

ALTER TABLE events ADD COLUMN recorded_at timestamptz, ADD COLUMN event_hash bytea;

-- Each field's text is made once (jsonb's output of data and metadata is the costly part) and
-- used for its length and itself; plpgsql evaluates these as simple expressions.
CREATE FUNCTION shop_event_hash(
  p_prev bytea, p_id uuid, p_stream text, p_revision bigint, p_type text, p_version int, p_data jsonb, p_metadata jsonb, p_recorded timestamptz
) RETURNS bytea
LANGUAGE plpgsql STABLE PARALLEL SAFE AS $$
DECLARE
  v_id text := p_id::text;
  v_revision text := p_revision::text;
  v_version text := p_version::text;
  v_data text := p_data::text;
  v_metadata text := p_metadata::text;
  v_recorded text := coalesce(to_char(p_recorded AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'), '');
BEGIN
  RETURN sha256(coalesce(p_prev, '\x'::bytea) || convert_to(
    octet_length(v_id) || ':' || v_id || E'\n' || octet_length(p_stream) || ':' || p_stream || E'\n'
    || octet_length(v_revision) || ':' || v_revision || E'\n' || octet_length(p_type) || ':' || p_type || E'\n'
    || octet_length(v_version) || ':' || v_version || E'\n' || octet_length(v_data) || ':' || v_data || E'\n'
    || octet_length(v_metadata) || ':' || v_metadata || E'\n' || octet_length(v_recorded) || ':' || v_recorded || E'\n', 'UTF8'));
END;
$$;

-- The hashes of events appended together, in order, the first chained to p_prev (NULL: a new stream).
CREATE FUNCTION shop_chain_hashes(
  p_prev bytea, p_stream text, p_first bigint, p_ids uuid[], p_types text[], p_versions int[], p_data jsonb[], p_metadata jsonb[], p_recorded timestamptz
) RETURNS bytea[]
LANGUAGE plpgsql STABLE AS $$
DECLARE
  v_hashes bytea[] := '{}';
  v_prev bytea := p_prev;
BEGIN
  FOR i IN 1 .. cardinality(p_ids) LOOP
    v_prev := shop_event_hash(v_prev, p_ids[i], p_stream, p_first + i - 1, p_types[i], p_versions[i], p_data[i], p_metadata[i], p_recorded);
    v_hashes[i] := v_prev;
  END LOOP;
  RETURN v_hashes;
END;
$$;

-- The events already stored are chained here, before the log refuses rewrites.
DO $$
DECLARE
  r record;
  v_stream text;
  v_prev bytea;
BEGIN
  FOR r IN SELECT global_position, event_id, stream_id, stream_revision, event_type, schema_version, data, metadata
             FROM events ORDER BY stream_id, stream_revision LOOP
    IF r.stream_id IS DISTINCT FROM v_stream THEN
      v_stream := r.stream_id;
      v_prev := NULL;
    END IF;
    v_prev := shop_event_hash(v_prev, r.event_id, r.stream_id, r.stream_revision, r.event_type, r.schema_version, r.data, r.metadata, NULL);
    UPDATE events SET event_hash = v_prev WHERE global_position = r.global_position;
  END LOOP;
END;
$$;
ALTER TABLE events ALTER COLUMN event_hash SET NOT NULL;

-- The one path by which events may be changed or removed (a migration that must rewrite history):
-- in one transaction, SELECT shop_allow_event_rewrite('why'), then the UPDATE or DELETE. The row
-- stays as the log of who did it, when and why; the chain of the rewritten streams then no longer
-- verifies until they are re-chained in the same transaction (decision 0345).
CREATE TABLE event_rewrites (
  transaction_id xid8 PRIMARY KEY DEFAULT pg_current_xact_id(),
  rewritten_at timestamptz NOT NULL DEFAULT now(),
  rewritten_by text NOT NULL DEFAULT session_user,
  reason text NOT NULL CHECK (btrim(reason) <> '')
);

CREATE FUNCTION shop_allow_event_rewrite(p_reason text) RETURNS void
LANGUAGE sql AS $$
  INSERT INTO event_rewrites (reason) VALUES (p_reason)
$$;

CREATE FUNCTION shop_refuse_event_rewrites() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM event_rewrites WHERE transaction_id = pg_current_xact_id_if_assigned()) THEN
    RAISE EXCEPTION 'the event log is append-only: % on events refused', TG_OP
      USING ERRCODE = 'SEL01', HINT = 'a migration that must rewrite events calls shop_allow_event_rewrite(reason) first in the same transaction (docs/decisions/0345)';
  END IF;
  RETURN NULL;
END;
$$;

CREATE TRIGGER events_append_only BEFORE UPDATE OR DELETE ON events
  FOR EACH STATEMENT EXECUTE FUNCTION shop_refuse_event_rewrites();
CREATE TRIGGER events_append_only_truncate BEFORE TRUNCATE ON events
  FOR EACH STATEMENT EXECUTE FUNCTION shop_refuse_event_rewrites();

-- The rewrite log and the digests are append-only without exception.
CREATE FUNCTION shop_refuse_changes() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% is append-only: % refused', TG_TABLE_NAME, TG_OP USING ERRCODE = 'SEL01';
END;
$$;
CREATE TRIGGER event_rewrites_append_only BEFORE UPDATE OR DELETE ON event_rewrites
  FOR EACH STATEMENT EXECUTE FUNCTION shop_refuse_changes();
CREATE TRIGGER event_rewrites_append_only_truncate BEFORE TRUNCATE ON event_rewrites
  FOR EACH STATEMENT EXECUTE FUNCTION shop_refuse_changes();

-- A seal: the Merkle root (RFC 6962's tree hash) over the heads of every stream among the events
-- whose transaction_id is below `horizon` (all of them finished when sealed: a set that never
-- changes), signed with an Ed25519 key kept in a file outside PostgreSQL (decision 0347).
CREATE TABLE log_digests (
  digest_id bigserial PRIMARY KEY,
  sealed_at timestamptz NOT NULL DEFAULT now(),
  horizon xid8 NOT NULL,
  event_count bigint NOT NULL,
  stream_count bigint NOT NULL,
  root bytea NOT NULL,
  signature bytea NOT NULL,
  public_key text NOT NULL
);
CREATE TRIGGER log_digests_append_only BEFORE UPDATE OR DELETE ON log_digests
  FOR EACH STATEMENT EXECUTE FUNCTION shop_refuse_changes();
CREATE TRIGGER log_digests_append_only_truncate BEFORE TRUNCATE ON log_digests
  FOR EACH STATEMENT EXECUTE FUNCTION shop_refuse_changes();

-- The append functions' bodies live in infra/sql/functions/, applied after the migrations (decision 0370).

-- Down Migration
DROP TABLE log_digests;
DROP TRIGGER events_append_only_truncate ON events;
DROP TRIGGER events_append_only ON events;
DROP TABLE event_rewrites;
DROP FUNCTION shop_refuse_changes();
DROP FUNCTION shop_refuse_event_rewrites();
DROP FUNCTION shop_allow_event_rewrite(text);
DROP FUNCTION shop_chain_hashes(bytea, text, bigint, uuid[], text[], int[], jsonb[], jsonb[], timestamptz);
ALTER TABLE events DROP COLUMN event_hash, DROP COLUMN recorded_at;
DROP FUNCTION shop_event_hash(bytea, uuid, text, bigint, text, int, jsonb, jsonb, timestamptz);
