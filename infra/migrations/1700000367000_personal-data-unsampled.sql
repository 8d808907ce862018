-- Up Migration

-- Columns that hold personal data in clear (or data keys) keep no planner statistics: ANALYZE
-- would copy sampled values (most common values, histogram bounds) into pg_statistic, where an
-- erasure never reaches them (docs/decisions/0301). Their look-ups go through unique or plain
-- b-tree indexes on equality, which the planner estimates without a sample.
ALTER TABLE account_credentials ALTER COLUMN email SET STATISTICS 0;
ALTER TABLE account_tokens ALTER COLUMN email SET STATISTICS 0;
ALTER TABLE login_failures ALTER COLUMN key SET STATISTICS 0;
ALTER TABLE mail_deliveries ALTER COLUMN recipient SET STATISTICS 0;
ALTER TABLE mail_deliveries ALTER COLUMN payload SET STATISTICS 0;
ALTER TABLE mail_deliveries ALTER COLUMN last_error SET STATISTICS 0;
ALTER TABLE http_sessions ALTER COLUMN sess SET STATISTICS 0;
ALTER TABLE personal_data_keys ALTER COLUMN data_key SET STATISTICS 0;
-- What ANALYZE sampled before: gone from pg_statistic now (its dead row versions at the next purge's rewrite of it).
SELECT pg_clear_attribute_stats('public', 'account_credentials', 'email', false);
SELECT pg_clear_attribute_stats('public', 'account_tokens', 'email', false);
SELECT pg_clear_attribute_stats('public', 'login_failures', 'key', false);
SELECT pg_clear_attribute_stats('public', 'mail_deliveries', 'recipient', false);
SELECT pg_clear_attribute_stats('public', 'mail_deliveries', 'payload', false);
SELECT pg_clear_attribute_stats('public', 'mail_deliveries', 'last_error', false);
SELECT pg_clear_attribute_stats('public', 'http_sessions', 'sess', false);
SELECT pg_clear_attribute_stats('public', 'personal_data_keys', 'data_key', false);

-- Down Migration
ALTER TABLE account_credentials ALTER COLUMN email SET STATISTICS -1;
ALTER TABLE account_tokens ALTER COLUMN email SET STATISTICS -1;
ALTER TABLE login_failures ALTER COLUMN key SET STATISTICS -1;
ALTER TABLE mail_deliveries ALTER COLUMN recipient SET STATISTICS -1;
ALTER TABLE mail_deliveries ALTER COLUMN payload SET STATISTICS -1;
ALTER TABLE mail_deliveries ALTER COLUMN last_error SET STATISTICS -1;
ALTER TABLE http_sessions ALTER COLUMN sess SET STATISTICS -1;
ALTER TABLE personal_data_keys ALTER COLUMN data_key SET STATISTICS -1;
