-- Up Migration

-- The W3C trace context of the projection batch that wrote the change, when tracing is on
-- (docs/decisions/0400): the query-api's live push joins the write's trace by it. NULL with tracing off.
ALTER TABLE live_changes ADD COLUMN traceparent text;

-- Down Migration
ALTER TABLE live_changes DROP COLUMN traceparent;
