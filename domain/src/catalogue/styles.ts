import type { ProductTypeCode } from './product-types.js';

/**
 * Styles per product type (SPEC §3). Ruby, Wei and Val are cushions: the SKU prefixes of SPEC §9
 * (CCC, CCA, CCV, CCW) read as Cushion-Cameron/Andie/Val/Wei. "Insert Only" pillows are the
 * fabric-free SKUs 100–149 (docs/decisions/0022-sku-100-149-insert-only.md).
 */
export const stylesByType: Record<ProductTypeCode, readonly string[]> = {
  P: ['Alex', 'Bobbi', 'Claude', 'Drew', 'Emmett', 'Patty', 'Insert Only'],
  C: ['Cameron', 'Cameron with Wood Base', 'Andie', 'Andie with Wood Base', 'Skylar', 'Ruby', 'Wei', 'Val'],
  B: ['Bench Seat', 'Bench Back'],
  CR: ['Pinch Pleat', 'Rod Pocket', 'Ripplefold', 'Shower Curtain'],
  O: ['Square Ottoman', 'Round Ottoman'],
  H: ['Panel Headboard', 'Channel Headboard', 'Wingback Headboard'],
  BQ: ['Straight Banquette', 'Corner Banquette'],
  R: ['Reupholstery'],
  X: ['Custom'],
};

/** Styles that must pick a trim or none (SPEC §5). */
export const TRIM_REQUIRED_STYLES: readonly string[] = ['Alex', 'Claude', 'Bobbi', 'Cameron', 'Cameron with Wood Base'];

/** Pillow styles that may offer a down insert, and then only when the product has a down price (SPEC §5). */
export const DOWN_INSERT_STYLES: readonly string[] = ['Alex', 'Emmett', 'Drew'];

/** Styles whose custom size is a single number (SPEC §5): Patty reads it as height, Claude as width. */
export const SINGLE_NUMBER_SIZE_STYLES = { Patty: 'height', Claude: 'width' } as const;

export function isStyleOf(type: ProductTypeCode, style: string): boolean {
  return stylesByType[type].includes(style);
}
