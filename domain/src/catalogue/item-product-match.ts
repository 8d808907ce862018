import type { Dimensions, LineItem } from '../project/model.js';
import { parseCustomPillowSize, normalizeSizeLabel } from './custom-size.js';
import {
  checkDimension,
  dimensionLimitsFor,
  requiredDimensions,
  type DimensionKey,
  type DimensionLimits,
} from './dimension-limits.js';
import { CUSTOM_PRODUCT_ID, isProductTypeCode, type ProductTypeCode } from './product-types.js';
import type { CatalogueProduct } from './schemas.js';
import { customSkuForStyle, isCustomSku, smallestCustomSkuFor } from './sku.js';

/**
 * Which catalogue product a line item stands for, or why none does. Validation turns the
 * reasons into SPEC §5 messages; pricing quotes the matched product with its effective dimensions
 * (the product's own, overlaid by what the customer entered).
 */
export type ItemProductMatch =
  | { kind: 'matched'; product: CatalogueProduct; dimensions: Dimensions; custom: boolean }
  | { kind: 'custom_item'; product: CatalogueProduct | undefined }
  | { kind: 'no_style' }
  | { kind: 'missing_dimensions'; keys: DimensionKey[] }
  | { kind: 'out_of_limits'; tooLarge: DimensionKey[]; tooSmall: DimensionKey[] }
  | { kind: 'no_size' };

export function matchItemProduct(item: LineItem, products: readonly CatalogueProduct[]): ItemProductMatch {
  const byId = products.find((p) => p.product_id === item.product_id);
  const code = item.product_type ?? byId?.product_type;
  const type = isProductTypeCode(code) ? code : undefined;
  if (item.product_id === CUSTOM_PRODUCT_ID || type === 'X') return { kind: 'custom_item', product: byId };
  const style = item.product_style;
  if (!type || !style) return { kind: 'no_style' };
  const candidates = products.filter((p) => p.is_active && p.product_type === type && p.product_style === style);
  if (type === 'R') return matchedOrNoSize(candidates[0], {}, false);
  if (type === 'P') return matchPillow(item, style, candidates);
  return matchByDimensions(item, type, style, candidates);
}

function matchPillow(item: LineItem, style: string, candidates: CatalogueProduct[]): ItemProductMatch {
  const size = item.size?.trim();
  if (!size) return { kind: 'no_size' };
  const fixed = candidates.find((p) => !isCustomSku(p.sku) && p.size && normalizeSizeLabel(p.size) === normalizeSizeLabel(size));
  if (fixed) return matchedOrNoSize(fixed, {}, false);
  const parsed = parseCustomPillowSize(style, size);
  if (!parsed) return { kind: 'no_size' };
  const limits = outOfLimits(dimensionLimitsFor('P', style), parsed, Object.keys(parsed) as DimensionKey[]);
  if (limits) return limits;
  // A face area, or the single number Patty and Claude take (docs/decisions/0020).
  const measure = (parsed.width ?? 1) * (parsed.height ?? 1);
  return matchedOrNoSize(smallestCustomSkuFor(candidates, measure), parsed, true);
}

function matchByDimensions(
  item: LineItem,
  type: ProductTypeCode,
  style: string,
  candidates: CatalogueProduct[],
): ItemProductMatch {
  const dims = item.dimensions ?? {};
  const required = requiredDimensions(type, style);
  const missing = required.filter((key) => !((dims[key] ?? 0) > 0));
  if (missing.length > 0) return { kind: 'missing_dimensions', keys: missing };
  const limits = outOfLimits(dimensionLimitsFor(type, style), dims, required);
  if (limits) return limits;
  const entered = pick(dims, required);
  if (type === 'O' || type === 'H') return matchedOrNoSize(customSkuForStyle(candidates), entered, true);
  return matchedOrNoSize(smallestCustomSkuFor(candidates, sizeMeasure(type, dims)), entered, true);
}

/** Curtains are matched by face area (width × drop); cushions and banquettes by volume. */
function sizeMeasure(type: ProductTypeCode, dims: Dimensions): number {
  const l = dims.length ?? 0;
  const w = dims.width ?? 0;
  return type === 'CR' ? l * w : l * w * (dims.height ?? 0);
}

function outOfLimits(limits: DimensionLimits, dims: Dimensions, keys: readonly DimensionKey[]): ItemProductMatch | null {
  const verdicts = keys.map((key) => ({ key, verdict: checkDimension(limits, key, dims[key] ?? 0) }));
  const tooLarge = verdicts.filter((v) => v.verdict === 'too_large').map((v) => v.key);
  const tooSmall = verdicts.filter((v) => v.verdict === 'too_small').map((v) => v.key);
  return tooLarge.length + tooSmall.length > 0 ? { kind: 'out_of_limits', tooLarge, tooSmall } : null;
}

function matchedOrNoSize(product: CatalogueProduct | undefined, entered: Dimensions, custom: boolean): ItemProductMatch {
  if (!product) return { kind: 'no_size' };
  const own: Dimensions = { length: product.length, width: product.width, height: product.height };
  return { kind: 'matched', product, dimensions: { ...own, ...entered }, custom };
}

function pick(dims: Dimensions, keys: readonly DimensionKey[]): Dimensions {
  return Object.fromEntries(keys.map((key) => [key, dims[key]]));
}
