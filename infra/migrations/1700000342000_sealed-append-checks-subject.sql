-- Up Migration

-- A sealed append whose events were sealed for the stream's recorded subject, as the writer knew it
-- (remembered in its process, or looked up), says so in p_sealed_for (decision 0245). Once the
-- append holds the stream's row lock, a transfer can no longer commit under it, so the subject read
-- here is the one these events follow: when it is another person, the statement fails with
-- SQLSTATE 'SPD01' and nothing of it stays (key, events, subject); the writer looks the subject up
-- and seals again. Otherwise as before (decision 0241).
-- A database made before this migration holds the old signature; the new one is in infra/sql/functions/.
DROP FUNCTION IF EXISTS shop_append_sealed_events(text, text, uuid[], text[], int[], jsonb[], jsonb[], text, bytea, text, text);

-- The append functions' bodies live in infra/sql/functions/, applied after the migrations (decision 0370).

-- Down Migration
-- Nothing: the functions are not the migrations' to drop (decision 0370).
