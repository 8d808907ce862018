-- Up Migration

-- express-session's store (connect-pg-simple's table layout).
CREATE TABLE http_sessions (
  sid varchar NOT NULL PRIMARY KEY,
  sess json NOT NULL,
  expire timestamp(6) NOT NULL
);
CREATE INDEX http_sessions_expire ON http_sessions (expire);

-- Secrets every process of the shop must share (session signing, CSRF HMAC); made once.
CREATE TABLE app_secrets (
  name text PRIMARY KEY,
  value text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Down Migration
DROP TABLE app_secrets;
DROP TABLE http_sessions;
