-- Up Migration

-- The project's order number (decision 0315), so the staff list finds "#1042". Projects created
-- before numbers existed have none in their events, so NULL is their true value: no rebuild needed.
ALTER TABLE project_details ADD COLUMN order_number integer;
CREATE INDEX project_details_order_number_idx ON project_details (order_number) WHERE order_number IS NOT NULL;

-- Down Migration
DROP INDEX project_details_order_number_idx;
ALTER TABLE project_details DROP COLUMN order_number;
