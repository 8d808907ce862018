import { seedFabrics, seedProducts, type CatalogueFabric, type CatalogueProduct } from '@shop/domain';
import { inTransaction, type Pool } from '@shop/infra';

/**
 * Replaces the catalogue tables with the given products and fabrics (the domain's seed by
 * default) in one transaction, so readers see the old catalogue or the new one, never a mix.
 * Runs at every start: the seed JSON is the catalogue's source of truth.
 */
export async function loadCatalogue(
  pool: Pool,
  products: readonly CatalogueProduct[] = seedProducts,
  fabrics: readonly CatalogueFabric[] = seedFabrics,
): Promise<void> {
  await inTransaction(pool, async (client) => {
    // Query processes starting together would each delete the rows they see and insert theirs:
    // the second insert meets the first's rows (a duplicate key). One at a time, each sees the last.
    await client.query(`SELECT pg_advisory_xact_lock(hashtext('shop_load_catalogue'))`);
    await client.query('DELETE FROM catalogue_products');
    await client.query('DELETE FROM catalogue_fabrics');
    await client.query('INSERT INTO catalogue_products (product_id, product) SELECT * FROM unnest($1::int[], $2::jsonb[])', [
      products.map((product) => product.product_id),
      products.map((product) => JSON.stringify(product)),
    ]);
    await client.query('INSERT INTO catalogue_fabrics (fabric_id, fabric) SELECT * FROM unnest($1::text[], $2::jsonb[])', [
      fabrics.map((fabric) => fabric.id),
      fabrics.map((fabric) => JSON.stringify(fabric)),
    ]);
  }, { appendsEvents: false });
}
