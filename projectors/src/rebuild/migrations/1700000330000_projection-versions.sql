-- Up Migration

-- The version of the fold each projection's live tables were built with (decision 0215), beside its
-- checkpoint. NULL: written before projections had versions, or by a runner's first batch before
-- it recorded one; a runner takes NULL as its own version (nothing to rebuild).
ALTER TABLE projection_checkpoints ADD COLUMN version integer;

-- A background upgrade (decision 0215) running or failed, per projection: what staff see on the
-- health page while the old version serves. A row is removed when its upgrade is swapped in.
CREATE TABLE projection_upgrades (
  projection text PRIMARY KEY,
  from_version integer,
  to_version integer NOT NULL,
  state text NOT NULL CHECK (state IN ('running', 'failed')),
  error text,
  started_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- Down Migration
DROP TABLE projection_upgrades;
ALTER TABLE projection_checkpoints DROP COLUMN version;
