-- Up Migration

-- Write-side secrets of accounts. Events hold no secrets (DESIGN.md), so the password hash
-- lives here, next to the e-mail it belongs to. The unique e-mail index is also what makes
-- "one account per e-mail" hold when two sign-ups race: the second insert fails.
CREATE TABLE account_credentials (
  user_id text PRIMARY KEY,
  -- Lower-cased and trimmed.
  email text NOT NULL,
  -- argon2id; null while a guest has not chosen a password.
  password_hash text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX account_credentials_email ON account_credentials (email);

-- One-time tokens (activation, password reset, profile completion), stored as SHA-256 of the
-- random token: a leaked table cannot be replayed. Single use is `used_at`.
CREATE TABLE account_tokens (
  token_hash text PRIMARY KEY,
  purpose text NOT NULL CHECK (purpose IN ('activation', 'password_reset', 'profile_completion')),
  user_id text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX account_tokens_user ON account_tokens (user_id, purpose);

-- Failed log-ins, per account ("email:…") and per address ("ip:…"), for throttling across
-- every command-api process sharing the database.
CREATE TABLE login_failures (
  key text NOT NULL,
  at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX login_failures_key_at ON login_failures (key, at);

-- Down Migration
DROP TABLE login_failures;
DROP TABLE account_tokens;
DROP TABLE account_credentials;
