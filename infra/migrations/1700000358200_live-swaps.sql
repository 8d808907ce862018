-- Up Migration

-- How many times a rebuild has swapped read-model tables in (projectors' swap-in.ts bumps it in the
-- swap's transaction and NOTIFYs it on shop_live_reset). A query-api process whose listener was
-- reconnecting when a swap committed (the NOTIFY lost) finds the count moved and tells its open
-- streams to reset all the same (docs/decisions/0230).
CREATE TABLE live_swaps (
  one boolean PRIMARY KEY DEFAULT true CHECK (one),
  generation bigint NOT NULL
);
INSERT INTO live_swaps (generation) VALUES (0);

-- Down Migration
DROP TABLE live_swaps;
