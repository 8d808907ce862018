-- Up Migration

-- A restore gives every restored event its own transaction's id (decision 0337), so a digest sealed
-- before the backup can no longer select its events by its horizon (decision 0347). The backup
-- carries, for each event, the first digest that covered it; the restore keeps that here, and the
-- verification selects a restored digest's events through it (decision 0390). Events no restored
-- digest covered have no row. Loaded once by the restore; append-only like the digests.
CREATE TABLE restored_event_digests (
  event_id uuid PRIMARY KEY,
  first_digest_id bigint NOT NULL
);
CREATE INDEX restored_event_digests_by_digest ON restored_event_digests (first_digest_id);
CREATE TRIGGER restored_event_digests_append_only BEFORE UPDATE OR DELETE ON restored_event_digests
  FOR EACH STATEMENT EXECUTE FUNCTION shop_refuse_changes();
CREATE TRIGGER restored_event_digests_append_only_truncate BEFORE TRUNCATE ON restored_event_digests
  FOR EACH STATEMENT EXECUTE FUNCTION shop_refuse_changes();

-- One row per restore, carried on by later backups: digests up to `digests_through` came from the
-- bundle (selected through restored_event_digests); with --until, those from `beyond_cut_from` on
-- sealed events the cut left out. Signed with the log-signing key (statement: restoreStatement in
-- infra/src/event-store/log-chain/restore-record.ts), so a row written into the database by
-- someone without the key is not believed.
CREATE TABLE log_restores (
  restore_id bigserial PRIMARY KEY,
  restored_at timestamptz NOT NULL,
  backup_taken_at timestamptz NOT NULL,
  until timestamptz,
  digests_through bigint,
  beyond_cut_from bigint,
  coverage_carried boolean NOT NULL,
  signature bytea,
  public_key text
);
CREATE TRIGGER log_restores_append_only BEFORE UPDATE OR DELETE ON log_restores
  FOR EACH STATEMENT EXECUTE FUNCTION shop_refuse_changes();
CREATE TRIGGER log_restores_append_only_truncate BEFORE TRUNCATE ON log_restores
  FOR EACH STATEMENT EXECUTE FUNCTION shop_refuse_changes();

-- Down Migration
DROP TABLE log_restores;
DROP TABLE restored_event_digests;
