-- Up Migration

-- The audit log keeps each event's data to show it, never to query inside it: `json` stores the
-- text as given (checked, not decomposed), which costs the server far less than `jsonb` on every
-- insert and COPY, and the audit log is most of a rebuild's writes (docs/decisions/0100). The data
-- is the event's as read from the log, so its text is the same on every path (live, Kafka, rebuild).
-- `changes` stays jsonb: it holds parts of folded states, whose key order depends on whether the
-- fold was read back from a table in between, so only jsonb makes equal changes equal rows.
ALTER TABLE project_audit_log ALTER COLUMN data TYPE json USING data::json;

-- Down Migration
ALTER TABLE project_audit_log ALTER COLUMN data TYPE jsonb USING data::jsonb;
