import type { Category, CatalogueFabric, CatalogueProduct, FabricsResponse, ProductsResponse } from '@shop/domain';
import { apiClient } from '../../../lib/api-client';

export interface Catalogue {
  products: CatalogueProduct[];
  types: ProductsResponse['types'];
  categories: Category[];
  fabrics: CatalogueFabric[];
}

/** GET /api/products/ → { products, types, categories } (SPEC §7). */
export async function fetchProducts(): Promise<ProductsResponse> {
  const data = await apiClient.get<Partial<ProductsResponse> | undefined>('/products/');
  return { products: data?.products ?? [], types: data?.types ?? {}, categories: data?.categories ?? [] };
}

/** GET /api/fabrics/ → { fabrics, types, filters } (SPEC §7). */
export async function fetchFabrics(): Promise<FabricsResponse> {
  const data = await apiClient.get<Partial<FabricsResponse> | undefined>('/fabrics/');
  return { fabrics: data?.fabrics ?? [], types: data?.types ?? [], filters: data?.filters ?? [] };
}
