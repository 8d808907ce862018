-- Up Migration
-- Per-person data keys for the personal fields of events (docs/decisions/0160). Keys never go in
-- events; events name their key by the person's id. Erasure sets data_key to NULL and keeps the
-- row as a tombstone, so fields written in clear before encryption existed also read as erased.
CREATE TABLE personal_data_keys (
  person_id text PRIMARY KEY,
  data_key bytea,
  created_at timestamptz NOT NULL DEFAULT now(),
  erased_at timestamptz,
  CHECK ((data_key IS NULL) = (erased_at IS NOT NULL))
);

-- Whose personal data a stream holds: account streams their user, projects their owner.
CREATE TABLE personal_data_subjects (
  stream_id text PRIMARY KEY,
  person_id text NOT NULL
);
CREATE INDEX personal_data_subjects_person ON personal_data_subjects (person_id);

-- Streams written before encryption existed: their subject from the log (latest naming event).
INSERT INTO personal_data_subjects (stream_id, person_id)
SELECT DISTINCT ON (stream_id) stream_id,
       COALESCE(data->>'userId', data->>'ownerId', data->>'toUserId')
  FROM events
 WHERE event_type IN ('Registered', 'GuestCreated', 'ProjectCreated', 'ProjectCopied', 'ProjectTransferred')
   AND COALESCE(data->>'userId', data->>'ownerId', data->>'toUserId') IS NOT NULL
 ORDER BY stream_id, stream_revision DESC;

-- Down Migration
DROP TABLE personal_data_subjects;
DROP TABLE personal_data_keys;
