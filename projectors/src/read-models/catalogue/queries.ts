import type { CatalogueFabric, CatalogueProduct } from '@shop/domain';
import type { Pool, PoolClient } from '@shop/infra';

type Db = Pool | PoolClient;

export async function findProducts(db: Db): Promise<CatalogueProduct[]> {
  const result = await db.query<{ product: CatalogueProduct }>('SELECT product FROM catalogue_products ORDER BY product_id');
  return result.rows.map((row) => row.product);
}

export async function findFabrics(db: Db): Promise<CatalogueFabric[]> {
  const result = await db.query<{ fabric: CatalogueFabric }>('SELECT fabric FROM catalogue_fabrics ORDER BY fabric_id');
  return result.rows.map((row) => row.fabric);
}
