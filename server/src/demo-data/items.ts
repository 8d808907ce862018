import {
  applyStyleRule,
  CUSTOM_PRODUCT_ID,
  insertChoicesFor,
  matchItemProduct,
  seedProducts,
  TRIM_REQUIRED_STYLES,
  type CatalogueProduct,
  type Dimensions,
  type LineItem,
  type ProductTypeCode,
} from '@shop/domain';
import type { DemoRandom } from './random.js';

/*
 * One believable line item per product type, built from the seed catalogue the way the editor
 * builds it: a style, a size or dimensions inside the family's limits, an offered insert and
 * trim. Sizes stay small enough that a custom SKU always matches, so the domain can price them.
 */

const active = (type: ProductTypeCode) => seedProducts.filter((product) => product.is_active && product.product_type === type);
const stylesOf = (type: ProductTypeCode) => [...new Set(active(type).map((product) => product.product_style))];

/** Self welt when the product offers it and the style wants a trim; no trim otherwise (piping would need the customer's fabric image). */
function trimFor(product: CatalogueProduct, random: DemoRandom): Pick<LineItem, 'product_trim'> {
  const required = TRIM_REQUIRED_STYLES.includes(product.product_style);
  if (!product.product_trim.includes('S')) return required ? {} : { product_trim: null };
  return { product_trim: required || random.chance(0.4) ? 'S' : null };
}

function styled(type: ProductTypeCode, style: string, base: LineItem, random: DemoRandom): LineItem {
  const first = active(type).find((product) => product.product_style === style)!;
  const item: LineItem = { ...base, product_id: first.product_id, product_type: type, product_style: style, quantity: base.quantity ?? random.int(1, 4), ...trimFor(first, random) };
  const ruled = applyStyleRule(item, style);
  const match = matchItemProduct(ruled, seedProducts);
  return match.kind === 'matched' ? { ...ruled, product_id: match.product.product_id } : ruled;
}

function pillow(random: DemoRandom): LineItem {
  const product = random.pick(active('P').filter((candidate) => candidate.size !== null));
  const insert = random.pick(insertChoicesFor(product).filter((choice) => choice.id !== 'none')).id;
  return styled('P', product.product_style, { product_id: product.product_id, size: product.size, insert, quantity: random.int(2, 8) }, random);
}

const dims = (random: DemoRandom, ranges: Record<string, [number, number]>): Dimensions =>
  Object.fromEntries(Object.entries(ranges).map(([key, [min, max]]) => [key, random.int(min, max)]));

function cushion(random: DemoRandom): LineItem {
  const style = random.pick(stylesOf('C'));
  const product = active('C').find((candidate) => candidate.product_style === style)!;
  const insert = product.product_insert.length > 0 ? random.pick(product.product_insert) : undefined;
  const dimensions = dims(random, { length: [20, 60], width: [18, 26], height: [2, 5], ...(style === 'Skylar' ? { channelWidth: [2, 6] } : {}) });
  return styled('C', style, { product_id: product.product_id, dimensions, ...(insert ? { insert } : {}), include_velcro: random.chance(0.5) }, random);
}

const sized = (type: ProductTypeCode, ranges: (style: string) => Record<string, [number, number]>, extras: (random: DemoRandom) => Partial<LineItem> = () => ({})) =>
  (random: DemoRandom): LineItem => {
    const style = random.pick(stylesOf(type));
    return styled(type, style, { product_id: 0, dimensions: dims(random, ranges(style)), quantity: random.int(1, 2), ...extras(random) }, random);
  };

const described = (type: 'R' | 'X', things: readonly [string, string][]) => (random: DemoRandom): LineItem => {
  const [name, description] = random.pick(things);
  const product_id = type === 'X' ? CUSTOM_PRODUCT_ID : active('R')[0]!.product_id;
  return { product_id, product_type: type, product_style: type === 'X' ? 'Custom' : 'Reupholstery', name, description, quantity: 1, ...(type === 'X' ? { has_upholstery: random.chance(0.5) } : {}) };
};

const REUPHOLSTERY: readonly [string, string][] = [
  ['Wingback chair', 'Reupholster a 1960s wingback armchair, seat and back, keep the nailhead trim.'],
  ['Dining chairs', 'Six dining chair seats, drop-in pads, new foam and fabric.'],
  ['Chesterfield sofa', 'Three-seat sofa, full reupholstery with new seat cushions.'],
];
const CUSTOM: readonly [string, string][] = [
  ['Window seat bolster', 'Two round bolsters 8" diameter x 40" long for a bay window seat.'],
  ['Dog bed cover', 'Removable zip cover for a 36" x 28" x 6" dog bed foam.'],
  ['Piano bench pad', 'Tufted pad 38" x 14" x 2" with ties for an upright piano bench.'],
];

export const itemMakers: Record<ProductTypeCode, (random: DemoRandom) => LineItem> = {
  P: pillow,
  C: cushion,
  B: sized('B', () => ({ length: [36, 100], width: [16, 24], height: [2, 4] }), (random) => ({ include_velcro: random.chance(0.5) })),
  CR: sized('CR', (style) => ({ length: [60, 72], width: [30, 72], ...(style === 'Rod Pocket' ? { channelWidth: [2, 4] } : {}) }), (random) => ({ include_tiebacks: random.chance(0.4), quantity: random.int(1, 4) })),
  O: sized('O', () => ({ length: [18, 40], width: [18, 40], height: [14, 20] })),
  H: sized('H', () => ({ width: [40, 80], height: [40, 64] }), (random) => ({ include_cleats: random.chance(0.6) })),
  BQ: sized('BQ', () => ({ length: [60, 110], width: [20, 26], height: [18, 36] })),
  R: described('R', REUPHOLSTERY),
  X: described('X', CUSTOM),
};
