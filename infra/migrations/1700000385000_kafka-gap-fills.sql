-- Up Migration

-- Each gap in a stream that a projectors process fed by Kafka filled from the event store
-- (decisions 0306, 0385): which stream, for which projection, the revisions that had not come
-- through Kafka and when. In PostgreSQL, not only in a process's memory, so the staff health page
-- (served by any query-api process) shows them across the projectors processes and their restarts.
-- Gaps the store could not fill either are parked streams, listed as those are.
CREATE TABLE kafka_gap_fills (
  id bigserial PRIMARY KEY,
  projection text NOT NULL,
  stream_id text NOT NULL,
  from_revision integer NOT NULL,
  to_revision integer NOT NULL,
  events_filled integer NOT NULL,
  filled_at timestamptz NOT NULL DEFAULT now()
);

-- Down Migration
DROP TABLE kafka_gap_fills;
