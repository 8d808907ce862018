-- Up Migration

-- How far a running rebuild is (`npm run replay`), one row per projection it rebuilds, so the
-- shop's /metrics shows the same figures as the replay's progress bar while it runs. Rows are
-- deleted when the rebuild ends; a killed rebuild's rows stop being reported once they are stale.
CREATE TABLE rebuild_progress (
  projection text PRIMARY KEY,
  phase text NOT NULL,
  events_done bigint NOT NULL,
  events_total bigint NOT NULL,
  events_per_second double precision NOT NULL,
  eta_seconds double precision NOT NULL,
  workers integer NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- Down Migration
DROP TABLE rebuild_progress;
