-- Up Migration

-- The re-chain for the logged rewrite path (decision 0455, amending 0345): a migration that changed
-- events through shop_allow_event_rewrite calls shop_rechain_streams(streams) in the same
-- transaction, and the stored chain of those streams is recomputed from their first event by the
-- append's own definition (shop_event_hash, the chain of one of shop_chain_hashes). It lives in a
-- migration, not in infra/sql/functions/: a later migration must be able to call it while the
-- migrations run, before that folder is applied (decision 0370 keeps such functions here).
--
-- Every hash it replaces is kept in event_rechains with the highest digest id at that moment: a
-- digest sealed before the rewrite sealed those hashes, so npm run verify-log checks it with them
-- in place of the new ones and says which logged rewrite it verified through; a change made any
-- other way still fails it. Append-only like the other tables of the log.
CREATE TABLE event_rechains (
  rechain_id bigserial PRIMARY KEY,
  transaction_id xid8 NOT NULL DEFAULT pg_current_xact_id(),
  after_digest bigint NOT NULL,
  event_id uuid NOT NULL,
  stream_id text NOT NULL,
  stream_revision bigint NOT NULL,
  sealed_hash bytea NOT NULL
);
CREATE INDEX event_rechains_by_event ON event_rechains (stream_id, stream_revision);
CREATE TRIGGER event_rechains_append_only BEFORE UPDATE OR DELETE ON event_rechains
  FOR EACH STATEMENT EXECUTE FUNCTION shop_refuse_changes();
CREATE TRIGGER event_rechains_append_only_truncate BEFORE TRUNCATE ON event_rechains
  FOR EACH STATEMENT EXECUTE FUNCTION shop_refuse_changes();

-- Recomputes the chain of each given stream from its first event, in revision order; stores the
-- hashes that differ (one UPDATE) and keeps the old ones in event_rechains. Returns how many
-- events got a new hash. Refused (SEL01) outside a transaction that logged a rewrite first.
CREATE FUNCTION shop_rechain_streams(p_streams text[]) RETURNS bigint
LANGUAGE plpgsql AS $$
DECLARE
  r record;
  v_stream text;
  v_prev bytea;
  v_hash bytea;
  v_positions bigint[] := '{}';
  v_hashes bytea[] := '{}';
  v_after bigint;
BEGIN
  IF NOT EXISTS (SELECT 1 FROM event_rewrites WHERE transaction_id = pg_current_xact_id_if_assigned()) THEN
    RAISE EXCEPTION 'shop_rechain_streams runs only in a transaction that called shop_allow_event_rewrite(reason) first'
      USING ERRCODE = 'SEL01', HINT = 'docs/decisions/0345 and 0455';
  END IF;
  SELECT coalesce(max(digest_id), 0) INTO v_after FROM log_digests;
  FOR r IN SELECT e.global_position, e.event_id, e.stream_id, e.stream_revision, e.event_type, e.schema_version,
                  e.data, e.metadata, e.recorded_at, e.event_hash
             FROM events e WHERE e.stream_id = ANY(p_streams) ORDER BY e.stream_id, e.stream_revision LOOP
    IF r.stream_id IS DISTINCT FROM v_stream THEN
      v_stream := r.stream_id;
      v_prev := NULL;
    END IF;
    v_hash := shop_event_hash(v_prev, r.event_id, r.stream_id, r.stream_revision, r.event_type, r.schema_version, r.data, r.metadata, r.recorded_at);
    IF v_hash IS DISTINCT FROM r.event_hash THEN
      INSERT INTO event_rechains (after_digest, event_id, stream_id, stream_revision, sealed_hash)
        VALUES (v_after, r.event_id, r.stream_id, r.stream_revision, r.event_hash);
      v_positions := v_positions || r.global_position;
      v_hashes := v_hashes || v_hash;
    END IF;
    v_prev := v_hash;
  END LOOP;
  IF cardinality(v_positions) > 0 THEN
    UPDATE events e SET event_hash = n.hash FROM unnest(v_positions, v_hashes) AS n(position, hash) WHERE e.global_position = n.position;
  END IF;
  RETURN cardinality(v_positions);
END;
$$;

-- Down Migration
DROP FUNCTION shop_rechain_streams(text[]);
DROP TABLE event_rechains;
