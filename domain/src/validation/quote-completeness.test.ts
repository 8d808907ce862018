import { describe, expect, it } from 'vitest';
import { seedProducts } from '../catalogue/seed.js';
import { OWN_SOURCE, type Fabric, type LineItem } from '../project/model.js';
import { isQuoteComplete, isQuoteItemComplete, quoteGaps, quoteItemGaps, quoteMessages } from './quote-completeness.js';

const priced: LineItem = { product_id: 1, quantity: 2, unit_price: 9500, yardage: 0.75, product_trim: null };
const customerFabric: Fabric = { id: 'f1', name: 'Client linen', source: 'customer', unit_price: null, items: [priced] };
const shopFabric: Fabric = { id: 'f2', name: 'Belgian Linen', source: OWN_SOURCE, unit_price: 4650, items: [priced] };
const gapsOf = (item: LineItem, fabric: Fabric = customerFabric) =>
  quoteItemGaps(item, fabric, seedProducts, 'i').map((g) => [g.field, g.message]);

describe('quote item completeness', () => {
  it('an item with unit price and yardage is complete', () => {
    expect(isQuoteItemComplete(priced, customerFabric, seedProducts)).toBe(true);
  });
  it.each([
    ['no unit price', { ...priced, unit_price: null }, 'i.unit_price', quoteMessages.unitPrice],
    ['zero unit price', { ...priced, unit_price: 0 }, 'i.unit_price', quoteMessages.unitPrice],
    ['no yardage', { ...priced, yardage: 0 }, 'i.yardage', quoteMessages.yardage],
    ['self welt without its yards', { ...priced, product_trim: 'S' }, 'i.self_welt', quoteMessages.trimAmount],
    ['piping without its price', { ...priced, product_trim: 'P', piping: 0 }, 'i.piping', quoteMessages.trimAmount],
    ['contrast welt without its price', { ...priced, product_trim: 'C' }, 'i.contrast_welt', quoteMessages.trimAmount],
    ['product 0 without an upholstery answer', { ...priced, product_id: 0 }, 'i.has_upholstery', quoteMessages.upholstery],
  ] as [string, LineItem, string, string][])('%s → %s', (_, item, field, message) => {
    expect(gapsOf(item)).toEqual([[field, message]]);
  });
  it('the chosen trim with its amount is complete', () => {
    expect(gapsOf({ ...priced, product_trim: 'S', self_welt: 0.25 })).toEqual([]);
    expect(gapsOf({ ...priced, product_trim: 'P', piping: 1500 })).toEqual([]);
    expect(gapsOf({ ...priced, product_id: 0, has_upholstery: false })).toEqual([]);
  });
  it('items of the shop own fabric need a fabric price above 0', () => {
    expect(gapsOf(priced, shopFabric)).toEqual([]);
    expect(gapsOf(priced, { ...shopFabric, unit_price: 0 })).toEqual([['i.unit_price', quoteMessages.fabricPrice]]);
    expect(gapsOf({ ...priced, source: OWN_SOURCE }, customerFabric)).toEqual([['i.unit_price', quoteMessages.fabricPrice]]);
  });
  it('insert-only SKUs (100–149) need no yardage', () => {
    const insertOnly = seedProducts.find((p) => p.sku === '120-INS-18')!;
    expect(gapsOf({ ...priced, product_id: insertOnly.product_id, yardage: 0 })).toEqual([]);
  });
});

describe('project quote completeness', () => {
  it('complete when every group holds complete items', () => {
    expect(isQuoteComplete({ fabrics: [customerFabric, shopFabric] }, seedProducts)).toBe(true);
  });
  it('every group must contain items', () => {
    expect(quoteGaps({ fabrics: [{ ...shopFabric, items: [] }] }, seedProducts)).toEqual([
      { field: 'fabrics.0.items', message: 'Please add at least one item to this fabric.' },
    ]);
    expect(isQuoteComplete({ fabrics: [] }, seedProducts)).toBe(false);
  });
  it('a fabric named Undecided blocks the quote, whatever its source', () => {
    const undecided: Fabric = { ...customerFabric, name: 'Undecided', unit_price: 0 };
    expect(quoteGaps({ fabrics: [shopFabric, undecided] }, seedProducts)).toEqual([
      { field: 'fabrics.1.name', message: quoteMessages.undecidedFabric },
    ]);
  });
  it('places item gaps under their fabric and item', () => {
    const gaps = quoteGaps({ fabrics: [customerFabric, { ...shopFabric, items: [priced, { ...priced, yardage: null }] }] }, seedProducts);
    expect(gaps).toEqual([{ field: 'fabrics.1.items.1.yardage', message: quoteMessages.yardage }]);
  });
});
