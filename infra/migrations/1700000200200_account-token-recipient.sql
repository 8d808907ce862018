-- Up Migration

-- The address a one-time link was e-mailed to. A guest's profile-completion link proves that
-- address, so completing the profile registers the guest under it.
ALTER TABLE account_tokens ADD COLUMN email text;

-- Down Migration
ALTER TABLE account_tokens DROP COLUMN email;
