-- Up Migration

-- Columns that hold personal data in clear (or data keys) keep no planner statistics: ANALYZE
-- would copy sampled values (most common values, histogram bounds) into pg_statistic, where an
-- erasure never reaches them (docs/decisions/0301). Their look-ups go through unique or plain
-- b-tree indexes on equality, which the planner estimates without a sample.
ALTER TABLE project_details ALTER COLUMN stream_state SET STATISTICS 0;
-- What ANALYZE sampled before: gone from pg_statistic now (its dead row versions at the next purge's rewrite of it).
SELECT pg_clear_attribute_stats('public', 'project_details', 'stream_state', false);

-- Down Migration
ALTER TABLE project_details ALTER COLUMN stream_state SET STATISTICS -1;
