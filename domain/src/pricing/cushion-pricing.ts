import type { Dimensions, InsertCode } from '../project/model.js';

/** Cushion SKUs whose insert is priced by size and that pay the long-cushion surcharge (SPEC §9). */
export const SIZED_INSERT_SKU_PREFIXES = ['CCC', 'CCA', 'CCV', 'CCW'] as const;
/** The dacron-wrapped foam formula applies to Cameron and Andie only (SPEC §9). */
export const DW_FOAM_SKU_PREFIXES = ['CCC', 'CCA'] as const;

export const LONG_CUSHION_SURCHARGE_CENTS = 25000;
export const LONG_CUSHION_LENGTH_INCHES = 96;

const hasPrefix = (sku: string, prefixes: readonly string[]) => prefixes.some((p) => sku.toUpperCase().startsWith(p));

export function hasSizedInsert(sku: string): boolean {
  return hasPrefix(sku, SIZED_INSERT_SKU_PREFIXES);
}

/** 25000 cents for a CCC/CCA/CCV/CCW cushion longer than 96 inches; 96 itself pays nothing. */
export function longCushionSurcharge(sku: string, length: number | null | undefined): number {
  return hasSizedInsert(sku) && (length ?? 0) > LONG_CUSHION_LENGTH_INCHES ? LONG_CUSHION_SURCHARGE_CENTS : 0;
}

/**
 * The insert price of a CCC/CCA/CCV/CCW cushion, in cents (SPEC §9):
 * dw_foam on CCC/CCA is length × width × 25 × 1.3; any other fill is volume / 144 × 325 × 1.3.
 * No insert costs nothing. Other SKUs take their insert price from the catalogue (null here).
 */
export function sizedInsertPrice(sku: string, insert: InsertCode | null | undefined, dims: Dimensions): number | null {
  if (!hasSizedInsert(sku)) return null;
  if (!insert || insert === 'none') return 0;
  const l = dims.length ?? 0;
  const w = dims.width ?? 0;
  if (insert === 'dw_foam' && hasPrefix(sku, DW_FOAM_SKU_PREFIXES)) return Math.round(l * w * 25 * 1.3);
  return Math.round(((l * w * (dims.height ?? 0)) / 144) * 325 * 1.3);
}
