import { Router } from 'express';
import { z } from 'zod';
import { buildFabricsResponse, buildProductsResponse } from '@shop/domain';
import { documentRead, parseRequest } from '@shop/infra';
import { findFabrics, findProducts } from '@shop/projectors/queries';
import type { QueryDeps } from '../deps.js';
import { FabricsResponse, ProductsResponse } from '../openapi/response-schemas.js';

const flag = z.enum(['true', 'false']).transform((value) => value === 'true').optional();
const FabricsQuery = z.object({ query: z.object({ fabric_type: z.string().max(60).optional(), is_featured: flag, in_stock: flag }) });

/** The catalogue (SPEC §7), open to everyone including guests, built by the domain's response builders. */
export function catalogueRoutes(deps: QueryDeps): Router {
  const router = Router();

  const tag = 'Catalogue';
  documentRead(deps.registry, { path: '/products/', summary: 'Products, types (styles by type) and categories', tag, access: 'public', response: ProductsResponse });
  router.get('/products/', async (_req, res) => {
    res.json(buildProductsResponse(await findProducts(deps.pool)));
  });

  // The filters the response offers can be applied here too; types and filters stay complete.
  documentRead(deps.registry, {
    path: '/fabrics/',
    summary: 'Fabrics, types and filters; the filters can be applied',
    tag,
    access: 'public',
    query: z.object({ fabric_type: z.string().max(60).optional(), is_featured: z.enum(['true', 'false']).optional(), in_stock: z.enum(['true', 'false']).optional() }),
    response: FabricsResponse,
  });
  router.get('/fabrics/', async (req, res) => {
    const { query } = parseRequest(FabricsQuery, req);
    const response = buildFabricsResponse(await findFabrics(deps.pool));
    const fabrics = response.fabrics.filter(
      (fabric) =>
        (query.fabric_type === undefined || fabric.fabric_type === query.fabric_type) &&
        (query.is_featured === undefined || fabric.is_featured === query.is_featured) &&
        (query.in_stock === undefined || fabric.in_stock === query.in_stock),
    );
    res.json({ ...response, fabrics });
  });
  return router;
}
