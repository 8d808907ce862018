import { catalogueCategories, productTypeCodes, type Category, type ProductTypeCode } from './product-types.js';
import { stylesByType } from './styles.js';
import type { CatalogueFabric, CatalogueProduct } from './schemas.js';

export interface ProductsResponse {
  products: CatalogueProduct[];
  /** Styles grouped by product type, in the editor's order (stylesByType), unknown styles last. */
  types: Partial<Record<ProductTypeCode, string[]>>;
  categories: Category[];
}

/**
 * GET /products/ (SPEC §3, §7): active products only, the styles they make up per type,
 * and the served categories (R and X are added by the client).
 */
export function buildProductsResponse(products: readonly CatalogueProduct[]): ProductsResponse {
  const active = products.filter((p) => p.is_active).sort((a, b) => a.product_id - b.product_id);
  return { products: active, types: stylesByTypeOf(active), categories: [...catalogueCategories] };
}

function stylesByTypeOf(products: readonly CatalogueProduct[]): Partial<Record<ProductTypeCode, string[]>> {
  const types: Partial<Record<ProductTypeCode, string[]>> = {};
  for (const code of productTypeCodes) {
    const styles = [...new Set(products.filter((p) => p.product_type === code).map((p) => p.product_style))];
    if (styles.length > 0) types[code] = styles.sort((a, b) => styleRank(code, a) - styleRank(code, b));
  }
  return types;
}

function styleRank(type: ProductTypeCode, style: string): number {
  const rank = stylesByType[type].indexOf(style);
  return rank === -1 ? Number.MAX_SAFE_INTEGER : rank;
}

export interface FabricFilter {
  name: string;
  display_name: string;
  field: 'fabric_type' | 'in_stock' | 'is_featured';
  value: string | boolean;
}

export interface FabricsResponse {
  fabrics: CatalogueFabric[];
  types: string[];
  filters: FabricFilter[];
}

/** A fabric is listed when shown and still sold; out-of-stock ones stay listed, flagged. */
export function isListedFabric(fabric: CatalogueFabric): boolean {
  return fabric.active && fabric.is_active;
}

/** Available to order: listed and in stock (SPEC §5: inactive or out of stock is unavailable). */
export function isAvailableFabric(fabric: CatalogueFabric): boolean {
  return isListedFabric(fabric) && fabric.in_stock;
}

/** GET /fabrics/ (SPEC §3, §7): listed fabrics, their types, and the filters the picker offers. */
export function buildFabricsResponse(fabrics: readonly CatalogueFabric[]): FabricsResponse {
  const listed = fabrics.filter(isListedFabric).sort((a, b) => a.name.localeCompare(b.name));
  const types = [...new Set(listed.map((f) => f.fabric_type))].sort();
  const filters: FabricFilter[] = [
    { name: 'featured', display_name: 'Featured', field: 'is_featured', value: true },
    { name: 'in_stock', display_name: 'In Stock', field: 'in_stock', value: true },
    ...types.map((type) => ({ name: `type:${type}`, display_name: type, field: 'fabric_type' as const, value: type })),
  ];
  return { fabrics: listed, types, filters };
}
