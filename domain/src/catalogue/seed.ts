import { z } from 'zod';
import fabricsJson from './seed/fabrics.json' with { type: 'json' };
import productsJson from './seed/products.json' with { type: 'json' };
import { CatalogueFabric, CatalogueProduct } from './schemas.js';

/**
 * The seed catalogue loaded on first start. Parsed through the schemas so a bad edit to the
 * JSON fails at import (and in the tests), not later inside a price.
 */
export const seedProducts: readonly CatalogueProduct[] = z.array(CatalogueProduct).parse(productsJson);
export const seedFabrics: readonly CatalogueFabric[] = z.array(CatalogueFabric).parse(fabricsJson);
