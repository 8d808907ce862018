-- Up Migration

-- No read needs this index: every query that filters by state also says `NOT deleted`, which
-- project_details_live_state_idx serves, and the only read of deleted projects (a person's export)
-- filters by owner. The one plan that took it, a customer's list by state, was slower with it; a
-- rebuild built it after every load (decision 0298).
DROP INDEX project_details_state_idx;

-- The folded state as the text of its JSON (decision 0298): it is read back whole and never
-- queried inside (1700000303000), and as `json` the server validated every state written, most of
-- a rebuild's COPY of this table. The text is the same, so no row changes and nothing is rebuilt.
ALTER TABLE project_details ALTER COLUMN stream_state TYPE text USING stream_state::text;

-- Down Migration
ALTER TABLE project_details ALTER COLUMN stream_state TYPE json USING stream_state::json;
CREATE INDEX project_details_state_idx ON project_details (state);
