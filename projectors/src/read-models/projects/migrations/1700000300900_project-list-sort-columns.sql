-- Up Migration

-- The SPEC §4 list orderings as columns (computed by the domain's listSortColumns), so the
-- database sorts and pages long lists instead of the query API sorting every row in memory.
ALTER TABLE project_details
  ADD COLUMN internal_rank smallint NOT NULL DEFAULT 0,
  ADD COLUMN internal_date text,
  ADD COLUMN internal_updated text,
  ADD COLUMN customer_rank smallint NOT NULL DEFAULT 0,
  ADD COLUMN customer_date text,
  ADD COLUMN customer_updated text;
CREATE INDEX project_details_internal_order_idx
  ON project_details (internal_rank, internal_date ASC NULLS LAST, internal_updated DESC NULLS LAST, project_id) WHERE NOT deleted;
CREATE INDEX project_details_customer_order_idx
  ON project_details (owner_id, customer_rank, customer_date ASC NULLS LAST, customer_updated DESC NULLS LAST, project_id) WHERE NOT deleted;

-- Down Migration
ALTER TABLE project_details DROP COLUMN internal_rank, DROP COLUMN internal_date, DROP COLUMN internal_updated,
  DROP COLUMN customer_rank, DROP COLUMN customer_date, DROP COLUMN customer_updated;
