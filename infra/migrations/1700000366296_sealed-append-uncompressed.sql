-- Up Migration

-- The append functions' bodies live in infra/sql/functions/, applied after the migrations (decision 0370).


-- Down Migration
-- Nothing: the functions are not the migrations' to drop (decision 0370).
