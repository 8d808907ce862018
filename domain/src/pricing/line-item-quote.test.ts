import { describe, expect, it } from 'vitest';
import { seedProducts } from '../catalogue/seed.js';
import { OWN_SOURCE, type LineItem } from '../project/model.js';
import { quoteLineItem, quoteLineItemPrice } from './line-item-quote.js';

/** The shop's fabric at 4600 cents a yard; the customer's own fabric is never charged. */
const shopFabric = { source: OWN_SOURCE, unit_price: 4600 };
const ownFabric = { source: 'customer', unit_price: null };
const insertOnlyId = seedProducts.find((p) => p.sku === '120-INS-18')!.product_id;
const alex: LineItem = { product_id: 1, product_type: 'P', product_style: 'Alex', size: '18x18', insert: 'poly', product_trim: null, quantity: 1 };
const cameron: LineItem = { product_id: 42, product_type: 'C', product_style: 'Cameron', dimensions: { length: 24, width: 24, height: 4 }, insert: 'foam', product_trim: null, quantity: 1 };

describe('line-item quote (editor live price)', () => {
  it.each([
    // PAL1818 9500, poly included → 9500; no fabric charge; × 2 = 19000
    ['fixed pillow, own fabric', { ...alex, quantity: 2 }, ownFabric, { sku: 'PAL1818', unitLabor: 9500, fabricPerUnit: 0, unitPrice: 9500, total: 19000 }],
    // 9500 + down 3500 + piping 1500 = 14500; fabric 0.75 yd × 4600 = 3450; unit 17950; × 2 = 35900
    ['fixed pillow with down and piping, shop fabric', { ...alex, insert: 'down', product_trim: 'P', quantity: 2 }, shopFabric, { unitLabor: 14500, fabricPerUnit: 3450, unitPrice: 17950, total: 35900 }],
    // 9500 + outdoor 1000 + self welt 1200 = 11700 → rounded up to 12000
    ['rounded up to the next 500', { ...alex, insert: 'outdoor', product_trim: 'S' }, ownFabric, { unitLabor: 12000, total: 12000 }],
    // contrast welt takes the piping price: 9500 + 1500 = 11000
    ['contrast welt', { ...alex, product_trim: 'C' }, ownFabric, { unitLabor: 11000 }],
    // 20 × 22 = 440 in² → PAL0676CUST 13000; surface 2(4·20 + 4·22 + 20·22) = 1216;
    // 1216 × 0.000771605 × 4600 = 4316.05 → 4316; unit 13000 + 4316 = 17316
    ['custom pillow size, shop fabric', { ...alex, size: '20 x 22' }, shopFabric, { sku: 'PAL0676CUST', unitLabor: 13000, fabricPerUnit: 4316, unitPrice: 17316 }],
    // CCC02500CUST 22000 + foam (2304/144 × 325 × 1.3 = 6760) + velcro 1500 = 30260 → 30500;
    // fabric 1536 × 0.000771605 × 4600 = 5451.88 → 5452; unit 35952; × 2 = 71904
    ['Cameron cushion with velcro, shop fabric', { ...cameron, include_velcro: true, quantity: 2 }, shopFabric, { sku: 'CCC02500CUST', unitLabor: 30500, fabricPerUnit: 5452, unitPrice: 35952, total: 71904 }],
    // 100 × 30 × 4 = 12000 in³ → CCC20000CUST 60000; foam 12000/144 × 325 × 1.3 = 35208.33 → 35208;
    // surcharge 25000 (length 100 > 96); 60000 + 35208 + 25000 = 120208 → 120500
    ['long Cameron cushion pays the surcharge', { ...cameron, dimensions: { length: 100, width: 30, height: 4 } }, ownFabric, { sku: 'CCC20000CUST', unitLabor: 120500 }],
    // 30 × 20 × 5 = 3000 → CCA05000CUST 30000; dw_foam 30 × 20 × 25 × 1.3 = 19500; 49500
    ['Andie with dacron-wrapped foam', { ...cameron, product_style: 'Andie', insert: 'dw_foam', dimensions: { length: 30, width: 20, height: 5 } }, ownFabric, { sku: 'CCA05000CUST', unitLabor: 49500 }],
    // Skylar prices its insert from the catalogue: CSK02500CUST 30000 + foam 8000 (tier 2: 4000 × 2) = 38000
    ['Skylar insert from the catalogue', { ...cameron, product_style: 'Skylar', dimensions: { length: 24, width: 24, height: 4, channelWidth: 3 } }, ownFabric, { sku: 'CSK02500CUST', unitLabor: 38000 }],
    // 120-INS-18: 2500 + ql_down 2000 = 4500; insert only, no fabric; × 4 = 18000
    ['insert-only SKU takes no fabric', { product_id: insertOnlyId, product_type: 'P', product_style: 'Insert Only', size: '18x18', insert: 'ql_down', quantity: 4 }, shopFabric, { sku: '120-INS-18', yardage: 0, fabricPerUnit: 0, total: 18000 }],
    // 60 × 90 = 5400 in² → DPP09600CUST 65000 + tiebacks 2500 = 67500
    ['curtain with tiebacks', { product_id: 1, product_type: 'CR', product_style: 'Pinch Pleat', dimensions: { width: 60, length: 90 }, include_tiebacks: true, quantity: 1 }, ownFabric, { sku: 'DPP09600CUST', unitLabor: 67500 }],
    // HPN7680CUST 90000 + cleats 4500 = 94500; surface 2(4·60 + 4·50 + 60·50) = 6880;
    // 6880 × 0.000771605 × 4600 = 24419.76 → 24420
    ['headboard with cleats, shop fabric', { product_id: 1, product_type: 'H', product_style: 'Panel Headboard', dimensions: { width: 60, height: 50 }, include_cleats: true, quantity: 1 }, shopFabric, { unitLabor: 94500, fabricPerUnit: 24420, unitPrice: 118920 }],
    // velcro asked for on a product that does not offer it is ignored: 9500
    ['add-on the product does not offer', { ...alex, include_velcro: true }, ownFabric, { unitLabor: 9500 }],
  ] as [string, LineItem, { source: string; unit_price: number | null }, object][])('%s', (_, item, fabric, expected) => {
    expect(quoteLineItem(item, fabric, seedProducts)).toMatchObject(expected);
  });

  it('stores the custom yardage as square yards of surface', () => {
    // 1536 in² × 0.000771605 = 1.18518528 yd
    expect(quoteLineItem(cameron, ownFabric, seedProducts)?.yardage).toBeCloseTo(1.18518528, 6);
  });

  it.each([
    ['the custom item', { product_id: 0, product_type: 'X', name: 'Dog bed', quantity: 1 }, ownFabric],
    ['reupholstery (priced by staff)', { product_id: 112, product_type: 'R', product_style: 'Reupholstery', quantity: 1 }, ownFabric],
    ['no matching size', { ...alex, size: '0 x 20' }, ownFabric],
    ['the shop fabric without a price', alex, { source: OWN_SOURCE, unit_price: 0 }],
    ['an item marked as the shop fabric whose fabric has no price', { ...alex, source: OWN_SOURCE }, undefined],
  ] as [string, LineItem, { source: string; unit_price: number | null } | undefined][])('Price TBD for %s', (_, item, fabric) => {
    expect(quoteLineItem(item, fabric, seedProducts)).toBeNull();
    expect(quoteLineItemPrice(item, fabric, seedProducts)).toBeNull();
  });

  it('gives the line total as one number', () => {
    // 9500 × 3 = 28500
    expect(quoteLineItemPrice({ ...alex, quantity: 3 }, ownFabric, seedProducts)).toBe(28500);
  });
});
