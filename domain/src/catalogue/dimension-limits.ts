import type { ProductTypeCode } from './product-types.js';

/**
 * Dimension limits in inches per family (SPEC §5 names them, their values are ours:
 * docs/decisions/0021-dimension-limits.md). Pillows: width and height are the face, length the depth.
 * Cushions, banquettes, ottomans: length is the long side, width the depth, height the thickness.
 * Curtains: width across the rod, length the drop. Headboards: width and height of the face.
 */
export const dimensionKeys = ['length', 'width', 'height', 'channelWidth'] as const;
export type DimensionKey = (typeof dimensionKeys)[number];

export interface Range {
  min: number;
  max: number;
}
export type DimensionLimits = Partial<Record<DimensionKey, Range>>;

const r = (min: number, max: number): Range => ({ min, max });

export const PILLOW_LIMITS: DimensionLimits = { width: r(10, 40), height: r(10, 40) };
/** Patty and Claude take one number; their other face dimension is fixed by the product. */
export const PATTY_LIMITS: DimensionLimits = { height: r(10, 40) };
export const CLAUDE_LIMITS: DimensionLimits = { width: r(10, 80) };

export const CUSHION_CAMERON_ANDIE_LIMITS: DimensionLimits = { length: r(10, 120), width: r(10, 40), height: r(2, 8) };
export const CUSHION_WOOD_BASE_LIMITS: DimensionLimits = { length: r(10, 96), width: r(10, 40), height: r(2, 6) };
export const CUSHION_OTHER_LIMITS: DimensionLimits = {
  length: r(10, 120),
  width: r(10, 40),
  height: r(1, 8),
  channelWidth: r(2, 10),
};

export const CURTAIN_LIMITS: DimensionLimits = { length: r(24, 120), width: r(10, 120), channelWidth: r(1, 6) };
export const BANQUETTE_CUSHION_LIMITS: DimensionLimits = { length: r(10, 120), width: r(10, 40), height: r(1, 8) };
export const BANQUETTE_LIMITS: DimensionLimits = { length: r(24, 120), width: r(18, 40), height: r(16, 40) };
export const OTTOMAN_LIMITS: DimensionLimits = { length: r(10, 80), width: r(10, 80), height: r(10, 40) };
export const HEADBOARD_LIMITS: DimensionLimits = { width: r(36, 96), height: r(24, 80) };

function cushionLimits(style: string): DimensionLimits {
  if (style === 'Cameron' || style === 'Andie') return CUSHION_CAMERON_ANDIE_LIMITS;
  if (style.endsWith('with Wood Base')) return CUSHION_WOOD_BASE_LIMITS;
  return CUSHION_OTHER_LIMITS;
}

function pillowLimits(style: string): DimensionLimits {
  if (style === 'Patty') return PATTY_LIMITS;
  if (style === 'Claude') return CLAUDE_LIMITS;
  return PILLOW_LIMITS;
}

/** The limits that apply to one style of one type; empty for types that are not sized by hand. */
export function dimensionLimitsFor(type: ProductTypeCode, style: string): DimensionLimits {
  switch (type) {
    case 'P':
      return pillowLimits(style);
    case 'C':
      return cushionLimits(style);
    case 'B':
      return BANQUETTE_CUSHION_LIMITS;
    case 'CR':
      return CURTAIN_LIMITS;
    case 'O':
      return OTTOMAN_LIMITS;
    case 'H':
      return HEADBOARD_LIMITS;
    case 'BQ':
      return BANQUETTE_LIMITS;
    case 'R':
    case 'X':
      return {};
  }
}

/** Styles that need a channel width (SPEC §5 names Skylar; a rod-pocket curtain needs one too). */
const CHANNEL_STYLES: readonly string[] = ['Skylar', 'Rod Pocket'];

/**
 * The dimensions a customer must type for an item. Pillows pick a size instead, so they have none;
 * headboards take only width and height (their depth is fixed by the product).
 */
export function requiredDimensions(type: ProductTypeCode, style: string): DimensionKey[] {
  const base: Partial<Record<ProductTypeCode, DimensionKey[]>> = {
    C: ['length', 'width', 'height'],
    B: ['length', 'width', 'height'],
    BQ: ['length', 'width', 'height'],
    O: ['length', 'width', 'height'],
    CR: ['length', 'width'],
    H: ['width', 'height'],
  };
  const keys = base[type] ?? [];
  return keys.length > 0 && CHANNEL_STYLES.includes(style) ? [...keys, 'channelWidth'] : keys;
}

export type DimensionVerdict = 'ok' | 'too_small' | 'too_large';

/** Compares one entered value with its limit; a key without a limit is always ok. */
export function checkDimension(limits: DimensionLimits, key: DimensionKey, value: number): DimensionVerdict {
  const range = limits[key];
  if (!range) return 'ok';
  if (value < range.min) return 'too_small';
  if (value > range.max) return 'too_large';
  return 'ok';
}
