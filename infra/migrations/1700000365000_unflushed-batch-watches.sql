-- Up Migration

-- One row per projection runner whose batches commit without waiting for the WAL flush (decision
-- 0294). UNLOGGED on purpose: PostgreSQL empties an unlogged table after any crash recovery (a
-- server crash, or a backend crash that makes the postmaster reinitialise, which keeps
-- pg_postmaster_start_time) and on a promoted standby, which is exactly when unflushed commits
-- may be lost. A clean shutdown flushes everything and keeps the rows. A runner whose row is gone
-- reads on from its stored checkpoints.
CREATE UNLOGGED TABLE projection_unflushed_watches (
  token text PRIMARY KEY,
  since timestamptz NOT NULL DEFAULT now()
);

-- Down Migration
DROP TABLE projection_unflushed_watches;
