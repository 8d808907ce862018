import { describe, expect, it } from 'vitest';
import type { LineItem } from '../project/model.js';
import { matchItemProduct } from './item-product-match.js';
import { seedProducts } from './seed.js';

const item = (over: Partial<LineItem>): LineItem => ({ product_id: 1, quantity: 1, ...over });
const skuOf = (i: LineItem) => {
  const m = matchItemProduct(i, seedProducts);
  return m.kind === 'matched' ? m.product.sku : m.kind;
};

describe('matching a line item to a catalogue product', () => {
  it.each([
    ['fixed pillow size', { product_type: 'P', product_style: 'Alex', size: '18x18' }, 'PAL1818'],
    ['fixed size typed with spaces', { product_type: 'P', product_style: 'Alex', size: '22 X 22' }, 'PAL2222'],
    ['inactive fixed size falls back to the custom tiers', { product_type: 'P', product_style: 'Alex', size: '16x16' }, 'PAL0400CUST'],
    // 20 × 21 = 420 square inches → smallest code ≥ 420 is 676
    ['custom pillow by face area', { product_type: 'P', product_style: 'Alex', size: '20 x 21' }, 'PAL0676CUST'],
    ['custom pillow with a zero dimension', { product_type: 'P', product_style: 'Alex', size: '20 x 0' }, 'no_size'],
    ['custom pillow over the limit', { product_type: 'P', product_style: 'Alex', size: '20 x 41' }, 'out_of_limits'],
    ['pillow without a size', { product_type: 'P', product_style: 'Alex' }, 'no_size'],
    ['Patty by its height alone', { product_type: 'P', product_style: 'Patty', size: '20 x 0' }, 'PPA0024CUST'],
    ['Claude by its width alone', { product_type: 'P', product_style: 'Claude', size: '48' }, 'PCL0048CUST'],
    // 24 × 24 × 4 = 2304 cubic inches → 2500
    ['cushion by volume', { product_type: 'C', product_style: 'Cameron', dimensions: { length: 24, width: 24, height: 4 } }, 'CCC02500CUST'],
    ['Skylar without channel width', { product_type: 'C', product_style: 'Skylar', dimensions: { length: 24, width: 24, height: 4 } }, 'missing_dimensions'],
    // 96 × 40 × 6 = 23040 > 20000, the largest wood-base tier
    ['wood base over its largest tier', { product_type: 'C', product_style: 'Cameron with Wood Base', dimensions: { length: 96, width: 40, height: 6 } }, 'no_size'],
    // 60 × 90 = 5400 square inches → 9600
    ['curtain by face area', { product_type: 'CR', product_style: 'Pinch Pleat', dimensions: { length: 90, width: 60 } }, 'DPP09600CUST'],
    ['ottoman by style', { product_type: 'O', product_style: 'Square Ottoman', dimensions: { length: 30, width: 30, height: 18 } }, 'OSQ256000CUST'],
    ['headboard by style', { product_type: 'H', product_style: 'Channel Headboard', dimensions: { width: 60, height: 50 } }, 'HCH7680CUST'],
    // 72 × 24 × 18 = 31104 cubic inches → 50000
    ['banquette by volume', { product_type: 'BQ', product_style: 'Straight Banquette', dimensions: { length: 72, width: 24, height: 18 } }, 'BQS050000CUST'],
    ['reupholstery', { product_type: 'R', product_style: 'Reupholstery' }, 'REUPH'],
    ['no style', { product_type: 'P' }, 'no_style'],
    ['unknown type', { product_type: 'ZZ', product_style: 'Alex' }, 'no_style'],
  ] as const)('%s', (_, over, expected) => {
    expect(skuOf(item(over as Partial<LineItem>))).toBe(expected);
  });

  it('reports which dimensions are missing', () => {
    const m = matchItemProduct(item({ product_type: 'C', product_style: 'Cameron', dimensions: { length: 24, width: 0 } }), seedProducts);
    expect(m).toEqual({ kind: 'missing_dimensions', keys: ['width', 'height'] });
  });

  it('reports which dimensions are too large or too small', () => {
    const m = matchItemProduct(
      item({ product_type: 'C', product_style: 'Cameron', dimensions: { length: 130, width: 5, height: 4 } }),
      seedProducts,
    );
    expect(m).toEqual({ kind: 'out_of_limits', tooLarge: ['length'], tooSmall: ['width'] });
  });

  it('takes the type from the product id when the item has none', () => {
    expect(skuOf({ product_id: 1, product_style: 'Alex', size: '20x20' })).toBe('PAL2020');
  });

  it('treats product 0 and type X as the custom item', () => {
    expect(matchItemProduct({ product_id: 0 }, seedProducts)).toMatchObject({ kind: 'custom_item', product: { sku: 'CUSTOM' } });
    expect(matchItemProduct({ product_id: 999, product_type: 'X' }, seedProducts)).toEqual({ kind: 'custom_item', product: undefined });
  });

  it('gives the effective dimensions: the product own, overlaid by those entered', () => {
    const patty = matchItemProduct(item({ product_type: 'P', product_style: 'Patty', size: '20' }), seedProducts);
    expect(patty).toMatchObject({ kind: 'matched', custom: true, dimensions: { length: 4, width: 24, height: 20 } });
    const headboard = matchItemProduct(
      item({ product_type: 'H', product_style: 'Panel Headboard', dimensions: { width: 60, height: 50, length: 99 } }),
      seedProducts,
    );
    // only the required keys are taken from the item; the depth stays the product's
    expect(headboard).toMatchObject({ dimensions: { length: 4, width: 60, height: 50 } });
    const fixed = matchItemProduct(item({ product_type: 'P', product_style: 'Alex', size: '18x18' }), seedProducts);
    expect(fixed).toMatchObject({ custom: false, dimensions: { length: 4, width: 18, height: 18 } });
  });
});
