-- Up Migration

-- The audit log's data is the event's data as the log holds it, now in the log's own type. A
-- rebuild has PostgreSQL copy it from the events table (INSERT … SELECT, no text in between)
-- for every event whose data needed no opening, instead of receiving each event's JSON again
-- as COPY text and checking it: that was a third of what a rebuild sent and most of what the
-- server parsed (docs/decisions/0100). Data a reader opened (personal fields decrypted or
-- erased, old versions upcast) still arrives as text; `jsonb` makes equal data equal rows
-- whichever way it came, and whichever path (live, Kafka, rebuild) wrote it.
ALTER TABLE project_audit_log ALTER COLUMN data TYPE jsonb USING data::jsonb;

-- Down Migration
ALTER TABLE project_audit_log ALTER COLUMN data TYPE json USING data::json;
