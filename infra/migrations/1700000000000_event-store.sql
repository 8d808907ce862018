-- Up Migration

-- The event log. `global_position` is unique but, on its own, not a safe resume point:
-- a transaction that took position 11 may commit after one that took 12. Readers therefore
-- order by (transaction_id, global_position) and only read rows whose writing transaction
-- is older than the oldest transaction still running (pg_snapshot_xmin), see
-- infra/src/event-store/postgres-event-store.ts.
CREATE TABLE events (
  global_position bigserial PRIMARY KEY,
  transaction_id xid8 NOT NULL DEFAULT pg_current_xact_id(),
  event_id uuid NOT NULL UNIQUE,
  stream_id text NOT NULL,
  stream_revision bigint NOT NULL,
  event_type text NOT NULL,
  schema_version integer NOT NULL,
  data jsonb NOT NULL,
  metadata jsonb NOT NULL,
  UNIQUE (stream_id, stream_revision)
);
CREATE INDEX events_read_all ON events (transaction_id, global_position);

-- One row per stream with its current revision: the row lock serialises appends to one
-- stream and makes the expected-revision check exact.
CREATE TABLE streams (
  stream_id text PRIMARY KEY,
  revision bigint NOT NULL
);

-- Where each projection (or relay) has read up to, in the same order as readers read.
CREATE TABLE projection_checkpoints (
  name text PRIMARY KEY,
  transaction_id bigint NOT NULL,
  global_position bigint NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- Down Migration
DROP TABLE projection_checkpoints;
DROP TABLE streams;
DROP TABLE events;
