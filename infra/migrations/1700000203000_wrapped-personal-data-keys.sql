-- Up Migration
-- Data keys wrapped under a key-encryption key kept outside PostgreSQL (docs/decisions/0162).
-- kek_id names the key-encryption key that wraps data_key; NULL: a key written unwrapped by an
-- earlier version, wrapped by the purge the shop runs at start. A tombstone keeps its kek_id:
-- its destroyed key's old row versions are safe once that key-encryption key is destroyed.
-- purged_at: when a purge made the erasure hold on disk (until then it is pending).
ALTER TABLE personal_data_keys ADD COLUMN kek_id text, ADD COLUMN purged_at timestamptz;

-- The key-encryption key new data keys are wrapped under (one row); a purge moves it on.
CREATE TABLE personal_data_kek (
  one boolean PRIMARY KEY DEFAULT true CHECK (one),
  kek_id text NOT NULL
);

-- Down Migration
DROP TABLE personal_data_kek;
ALTER TABLE personal_data_keys DROP COLUMN purged_at, DROP COLUMN kek_id;
