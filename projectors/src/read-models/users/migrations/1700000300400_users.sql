-- Up Migration

-- One row per account: the folded account state and the domain's accountView of it.
CREATE TABLE users (
  stream_id text PRIMARY KEY,
  user_id text NOT NULL UNIQUE,
  email text NOT NULL,
  stream_state jsonb NOT NULL,
  view jsonb NOT NULL
);
-- E-mails are stored lower-cased by the domain; staff look users up by them.
CREATE INDEX users_email_idx ON users (email);

-- Down Migration
DROP TABLE users;
