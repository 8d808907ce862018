import type { CatalogueProduct } from '@shop/domain';
import { apiClient } from '../../../lib/api-client';

/** GET /api/products/ — the catalogue products, for the quote-completeness check while pricing. */
export async function fetchCatalogueProducts(): Promise<CatalogueProduct[]> {
  const data = await apiClient.get<{ products?: CatalogueProduct[] } | undefined>('/products/');
  return data?.products ?? [];
}
