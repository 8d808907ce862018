-- Up Migration

-- node-pg-migrate runs every pending migration in one transaction (singleTransaction), a fresh
-- database all of them at once: two migrations that each log a rewrite with
-- shop_allow_event_rewrite (decision 0345) would write two rows for one transaction id, its primary
-- key, and the install would fail. One row per call instead, each reason kept; the append-only
-- trigger still asks only whether the current transaction logged one (decision 0455).
ALTER TABLE event_rewrites DROP CONSTRAINT event_rewrites_pkey;
ALTER TABLE event_rewrites ADD COLUMN rewrite_id bigserial PRIMARY KEY;
CREATE INDEX event_rewrites_by_transaction ON event_rewrites (transaction_id);

-- Down Migration
DROP INDEX event_rewrites_by_transaction;
ALTER TABLE event_rewrites DROP COLUMN rewrite_id;
ALTER TABLE event_rewrites ADD PRIMARY KEY (transaction_id);
