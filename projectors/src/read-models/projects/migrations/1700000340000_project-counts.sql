-- Up Migration

-- Live and deleted projects per state, kept by the projects projection in the transaction that
-- writes their rows, so the lists' X-Total-Count is a sum of a few rows instead of a count over
-- every project (decision 0240). Filled here from the rows as they are; a rebuild makes it again
-- from its own rows.
CREATE TABLE project_counts (
  state text NOT NULL,
  deleted boolean NOT NULL,
  projects bigint NOT NULL,
  PRIMARY KEY (state, deleted)
);
INSERT INTO project_counts (state, deleted, projects)
  SELECT state, deleted, count(*) FROM project_details GROUP BY state, deleted;

-- Down Migration
DROP TABLE project_counts;
