import { Router } from 'express';
import { z } from 'zod';
import { buildFabricsResponse, buildProductsResponse } from '@shop/domain';
import { documentRead, parseRequest, precomputedJson } from '@shop/http-shell';
import { findFabrics, findProducts } from '@shop/projectors/queries';
import type { QueryDeps } from '../deps.js';
import { FabricsResponse, ProductsResponse } from '../openapi/response-schemas.js';

const flag = z.enum(['true', 'false']).transform((value) => value === 'true').optional();
const FabricsQuery = z.object({ query: z.object({ fabric_type: z.string().max(60).optional(), is_featured: flag, in_stock: flag }) });

/**
 * How long a process serves the catalogue it prepared before reading it again. The catalogue is
 * reloaded only when a process starts (load-catalogue.ts), so this bounds how long a new release's
 * catalogue, loaded by another process, stays unseen here.
 */
const CATALOGUE_TTL_MS = 10_000;

/** The catalogue (SPEC §7), open to everyone including guests, built by the domain's response builders. */
export function catalogueRoutes(deps: QueryDeps): Router {
  const router = Router();
  // Built, serialised and compressed once, not per request (88 KB of products): see precomputed-json.ts.
  const products = precomputedJson(async () => buildProductsResponse(await findProducts(deps.pool)), { ttlMs: CATALOGUE_TTL_MS });
  const allFabrics = precomputedJson(async () => buildFabricsResponse(await findFabrics(deps.pool)), { ttlMs: CATALOGUE_TTL_MS });

  const tag = 'Catalogue';
  documentRead(deps.registry, { path: '/products/', summary: 'Products, types (styles by type) and categories', tag, access: 'public', response: ProductsResponse });
  router.get('/products/', async (req, res) => {
    await products(req, res);
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
    if (query.fabric_type === undefined && query.is_featured === undefined && query.in_stock === undefined) {
      await allFabrics(req, res);
      return;
    }
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
