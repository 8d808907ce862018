import { describe, expect, it } from 'vitest';
import type { LineItem } from '../project/model.js';
import { insertChoicesFor, trimChoicesFor } from './choices.js';
import { normalizeSizeLabel, parseCustomPillowSize } from './custom-size.js';
import { checkDimension, dimensionLimitsFor, requiredDimensions } from './dimension-limits.js';
import { catalogueCategories, editorCategories } from './product-types.js';
import type { CatalogueProduct } from './schemas.js';
import { seedProducts } from './seed.js';
import { customSkuForStyle, isCustomSku, isInsertOnlySku, skuSizeCode, smallestCustomSkuFor } from './sku.js';
import { chooseStyle } from './style-rules.js';
import { isStyleOf } from './styles.js';

const product = (sku: string): CatalogueProduct => {
  const found = seedProducts.find((p) => p.sku === sku);
  if (!found) throw new Error(`no seed product ${sku}`);
  return found;
};

describe('categories', () => {
  it('adds Reupholstery (R) and Something Else? (X, type Custom) after the served ones', () => {
    const all = editorCategories(catalogueCategories);
    expect(all.slice(-2)).toEqual([
      { name: 'R', display_name: 'Reupholstery', product_types: [{ name: 'R', display_name: 'Reupholstery', priority: 1 }] },
      { name: 'X', display_name: 'Something Else?', product_types: [{ name: 'X', display_name: 'Custom', priority: 1 }] },
    ]);
  });
  it('does not add a client category twice', () => {
    expect(editorCategories(editorCategories(catalogueCategories))).toHaveLength(catalogueCategories.length + 2);
  });
  it('keeps category names short enough for Project.category', () => {
    for (const c of editorCategories(catalogueCategories)) expect(c.name.length).toBeLessThanOrEqual(8);
  });
});

describe('styles', () => {
  it('knows which styles belong to a type', () => {
    expect(isStyleOf('P', 'Patty')).toBe(true);
    expect(isStyleOf('C', 'Wei')).toBe(true);
    expect(isStyleOf('C', 'Patty')).toBe(false);
  });
});

describe('custom pillow size', () => {
  it.each([
    ['Alex', '20 x 22', { width: 20, height: 22 }],
    ['Alex', '20x22', { width: 20, height: 22 }],
    ['Bobbi', ' 18.5 X 18 ', { width: 18.5, height: 18 }],
    ['Alex', '0 x 22', null], // a zero dimension: no product matched
    ['Alex', '22 x 0', null],
    ['Alex', '22', null],
    ['Alex', 'large', null],
    ['Patty', '30 x 0', { height: 30 }], // Patty uses only its first number, as height
    ['Patty', '28', { height: 28 }],
    ['Patty', '0 x 30', null],
    ['Claude', '36 x 0', { width: 36 }], // Claude uses only its first number, as width
    ['Claude', 'wide', null],
  ])('%s "%s" → %j', (style, text, expected) => {
    expect(parseCustomPillowSize(style, text)).toEqual(expected);
  });
  it('compares size labels without spaces or case', () => {
    expect(normalizeSizeLabel('18 X 18')).toBe(normalizeSizeLabel('18x18'));
  });
});

describe('SKU rules', () => {
  it.each([
    ['CCC02500CUST', 2500],
    ['PAL0400CUST', 400],
    ['REUPH', null],
  ])('size code of %s is %s', (sku, code) => expect(skuSizeCode(sku)).toBe(code));

  it('recognises custom SKUs by their CUST ending', () => {
    expect(isCustomSku('PAL0400CUST')).toBe(true);
    expect(isCustomSku('PAL1818')).toBe(false);
    expect(isCustomSku('CUSTOM')).toBe(false);
  });

  it.each([
    ['99-INS', false],
    ['100-INS', true],
    ['120-INS-18', true],
    ['149', true],
    ['150-INS', false],
    ['1200', false],
    ['PAL1818', false],
  ])('SKU %s starts with a number from 100 to 149: %s', (sku, expected) => expect(isInsertOnlySku(sku)).toBe(expected));

  it('matches the smallest active custom SKU whose code is at least the measure', () => {
    const cameron = seedProducts.filter((p) => p.product_style === 'Cameron');
    expect(smallestCustomSkuFor(cameron, 2500)?.sku).toBe('CCC02500CUST');
    expect(smallestCustomSkuFor(cameron, 2501)?.sku).toBe('CCC05000CUST');
    // CCC80000CUST is inactive, so nothing covers 40001 cubic inches
    expect(smallestCustomSkuFor(cameron, 40001)).toBeUndefined();
  });

  it('matches ottomans and headboards by style', () => {
    expect(customSkuForStyle(seedProducts.filter((p) => p.product_style === 'Round Ottoman'))?.sku).toBe('ORD256000CUST');
    expect(customSkuForStyle([])).toBeUndefined();
  });
});

describe('insert and trim choices', () => {
  const ids = (p: CatalogueProduct) => insertChoicesFor(p).map((c) => c.id);
  it('offers down for Alex, Emmett and Drew only when a down price exists', () => {
    expect(ids(product('PAL1818'))).toEqual(['poly', 'down', 'outdoor', 'none']);
    expect(ids(product('PEM2020'))).toEqual(['poly', 'down', 'none']);
    expect(ids(product('PDR2020'))).toContain('down');
    expect(ids(product('PDR2424'))).toEqual(['poly', 'outdoor', 'none']); // Drew 24x24 has no down price
  });
  it('never offers down for other pillow styles, even when priced', () => {
    expect(product('PBO1818').prices.down).toBeDefined();
    expect(ids(product('PBO1818'))).toEqual(['poly', 'outdoor', 'none']);
  });
  it('offers the product inserts followed by none', () => {
    expect(ids(product('CCC01000CUST'))).toEqual(['outdoor', 'foam', 'dw_foam', 'none']); // catalogue-wide order
    expect(ids(product('PPA2424'))).toEqual(['ql_down', 'none']);
  });
  it('offers the trims the product lists, with help text', () => {
    const trims = trimChoicesFor(product('PAL1818'));
    expect(trims.map((t) => [t.code, t.name])).toEqual([
      ['P', 'Piping'],
      ['S', 'Self Welt'],
      ['C', 'Contrast Welt'],
    ]);
    for (const t of trims) expect(t.help.length).toBeGreaterThan(10);
    expect(trimChoicesFor(product('PDR2020'))).toEqual([]);
  });
});

describe('choosing a style', () => {
  const chosen: LineItem = {
    product_id: 1,
    product_type: 'P',
    product_style: 'Alex',
    quantity: 3,
    name: 'Sofa pillows',
    insert: 'down',
    product_trim: 'P',
    trim_description: 'Navy cord',
    size: '18x18',
    dimensions: { width: 18, height: 18 },
    include_velcro: true,
    unit_price: 9500,
    yardage: 0.75,
  };

  it('resets the other choices and keeps quantity and name', () => {
    const next = chooseStyle(chosen, 'Bobbi', seedProducts);
    expect(next).toEqual({
      product_id: product('PBO1818').product_id,
      product_type: 'P',
      product_style: 'Bobbi',
      quantity: 3,
      name: 'Sofa pillows',
      insert: null,
      size: null,
      dimensions: {},
      include_velcro: false,
      include_tiebacks: false,
      include_cleats: false,
    });
    expect('product_trim' in next).toBe(false); // trim back to "not chosen"
  });
  it('Patty sets the insert to ql_down', () => {
    expect(chooseStyle(chosen, 'Patty', seedProducts).insert).toBe('ql_down');
  });
  it('Ruby sets the insert to foam', () => {
    expect(chooseStyle({ ...chosen, product_type: 'C' }, 'Ruby', seedProducts).insert).toBe('foam');
  });
  it.each(['Wei', 'Val'])('%s sets the height to 1', (style) => {
    expect(chooseStyle({ ...chosen, product_type: 'C' }, style, seedProducts).dimensions).toEqual({ height: 1 });
  });
  it('keeps the product id when the catalogue has no product of that style', () => {
    expect(chooseStyle(chosen, 'Unknown', seedProducts).product_id).toBe(1);
  });
});

describe('dimension limits', () => {
  it('cushion limits depend on the style group', () => {
    expect(dimensionLimitsFor('C', 'Cameron')).toBe(dimensionLimitsFor('C', 'Andie'));
    expect(dimensionLimitsFor('C', 'Cameron with Wood Base')).toBe(dimensionLimitsFor('C', 'Andie with Wood Base'));
    expect(dimensionLimitsFor('C', 'Skylar')).toBe(dimensionLimitsFor('C', 'Wei'));
    expect(dimensionLimitsFor('C', 'Skylar')).not.toBe(dimensionLimitsFor('C', 'Cameron'));
  });
  it('every hand-sized family has limits for each dimension it requires', () => {
    for (const p of seedProducts) {
      const limits = dimensionLimitsFor(p.product_type, p.product_style);
      for (const key of requiredDimensions(p.product_type, p.product_style)) expect(limits[key]).toBeDefined();
    }
  });
  it('Skylar and rod-pocket curtains also need a channel width', () => {
    expect(requiredDimensions('C', 'Skylar')).toEqual(['length', 'width', 'height', 'channelWidth']);
    expect(requiredDimensions('C', 'Cameron')).toEqual(['length', 'width', 'height']);
    expect(requiredDimensions('CR', 'Rod Pocket')).toEqual(['length', 'width', 'channelWidth']);
    expect(requiredDimensions('H', 'Panel Headboard')).toEqual(['width', 'height']);
    expect(requiredDimensions('P', 'Alex')).toEqual([]);
  });
  it.each([
    [9, 'too_small'],
    [10, 'ok'],
    [120, 'ok'],
    [121, 'too_large'],
  ] as const)('a Cameron length of %s is %s', (value, verdict) => {
    expect(checkDimension(dimensionLimitsFor('C', 'Cameron'), 'length', value)).toBe(verdict);
  });
  it('a dimension without a limit is always ok', () => {
    expect(checkDimension(dimensionLimitsFor('X', 'Custom'), 'length', 5000)).toBe('ok');
  });
});
