-- Up Migration

-- The catalogue is reference data: the domain's seed JSON, loaded into these tables at every
-- start (catalogue/load-catalogue.ts), so the query side serves it like any other read model.
CREATE TABLE catalogue_products (
  product_id integer PRIMARY KEY,
  product jsonb NOT NULL
);
CREATE TABLE catalogue_fabrics (
  fabric_id text PRIMARY KEY,
  fabric jsonb NOT NULL
);

-- Down Migration
DROP TABLE catalogue_fabrics;
DROP TABLE catalogue_products;
