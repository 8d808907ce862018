-- Up Migration

-- The last revision of each stream a projection has applied, written in the same transaction
-- as its rows. It serves two purposes: read-your-writes (has the query side reached revision
-- N of this stream?) and at-most-once application when events arrive through Kafka, where
-- a redelivered event is recognised by its stream revision.
CREATE TABLE projection_stream_revisions (
  projection text NOT NULL,
  stream_id text NOT NULL,
  revision bigint NOT NULL,
  PRIMARY KEY (projection, stream_id)
);

-- Down Migration
DROP TABLE projection_stream_revisions;
