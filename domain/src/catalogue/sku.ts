import type { CatalogueProduct } from './schemas.js';

/** Custom-size products carry this SKU suffix (SPEC §9). */
export const CUSTOM_SKU_SUFFIX = 'CUST';

export function isCustomSku(sku: string): boolean {
  return sku.toUpperCase().endsWith(CUSTOM_SKU_SUFFIX);
}

/** The size code of a SKU: all its digits read as one number ("CCC2500CUST" → 2500); null without digits. */
export function skuSizeCode(sku: string): number | null {
  const digits = sku.replace(/\D/g, '');
  return digits === '' ? null : Number(digits);
}

/**
 * SKUs starting with a number from 100 to 149 are insert-only products: sold without a cover,
 * so they take no fabric (docs/decisions/0022-sku-100-149-insert-only.md).
 */
export function isInsertOnlySku(sku: string): boolean {
  const leading = /^(\d+)/.exec(sku.trim());
  if (!leading?.[1]) return false;
  const value = Number(leading[1]);
  return value >= 100 && value <= 149;
}

/**
 * The smallest active custom SKU whose size code is at least the measure (SPEC §9).
 * Candidates should already be narrowed to one type and style.
 */
export function smallestCustomSkuFor(
  candidates: readonly CatalogueProduct[],
  measure: number,
): CatalogueProduct | undefined {
  return customTiers(candidates).find((tier) => tier.code >= measure)?.product;
}

/** Ottoman and headboard customs are matched by style alone: the first custom SKU of the style. */
export function customSkuForStyle(candidates: readonly CatalogueProduct[]): CatalogueProduct | undefined {
  return customTiers(candidates)[0]?.product;
}

function customTiers(candidates: readonly CatalogueProduct[]) {
  return candidates
    .filter((p) => p.is_active && isCustomSku(p.sku))
    .map((product) => ({ product, code: skuSizeCode(product.sku) ?? 0 }))
    .sort((a, b) => a.code - b.code);
}
