-- Up Migration

-- A rebuild folds in the thread that reads the log (decision 0420): there is no count of worker
-- threads to report any more.
ALTER TABLE rebuild_progress DROP COLUMN workers;

-- Down Migration
ALTER TABLE rebuild_progress ADD COLUMN workers integer NOT NULL DEFAULT 1;
