-- Up Migration

-- A project's view is the domain's projectView of its folded state, a pure function that takes
-- microseconds: it is worked out when a row is read (projects/queries.ts) instead of being stored
-- beside the state it comes from. Storing both doubled every project write, live and in a rebuild
-- (docs/decisions/0100). The state is kept as `json`: it is read back whole, never queried inside,
-- and `json` is only checked on the way in, not decomposed, which costs the server far less.
ALTER TABLE project_details DROP COLUMN view;
ALTER TABLE project_details ALTER COLUMN stream_state TYPE json USING stream_state::json;

-- Down Migration
-- The views come back empty: rebuild the projects projection (npm run replay -- --projection projects).
ALTER TABLE project_details ALTER COLUMN stream_state TYPE jsonb USING stream_state::jsonb;
ALTER TABLE project_details ADD COLUMN view jsonb NOT NULL DEFAULT '{}';
ALTER TABLE project_details ALTER COLUMN view DROP DEFAULT;
