-- Up Migration

-- The lists' exact count (X-Total-Count) of live projects, all or per state, from this narrow
-- index alone (an index-only scan) instead of every wide row (decision 0222). A rebuild's shadow
-- tables copy it (LIKE ... INCLUDING ALL).
CREATE INDEX project_details_live_state_idx ON project_details (state) WHERE NOT deleted;

-- Down Migration
DROP INDEX project_details_live_state_idx;
