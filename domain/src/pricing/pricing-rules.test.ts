import { describe, expect, it } from 'vitest';
import { longCushionSurcharge, sizedInsertPrice } from './cushion-pricing.js';
import { chargedShipping, deliveryOptions, deliveryTypeLabel } from './delivery.js';
import {
  customSizeFabricCost,
  customSizeYardage,
  fabricPricePerYard,
  fixedSizeFabricCost,
  roundToHalfDollar,
  surfaceArea,
} from './fabric-price.js';
import { dollarsToCents, formatPrice, priceTotal, roundUpToNext500 } from './money.js';
import { isInTaxArea, taxOn } from './tax.js';

describe('formatting', () => {
  it.each([
    [null, 'Price TBD'],
    [undefined, 'Price TBD'],
    [0, '$0.00'],
    [9500, '$95.00'],
    [123456, '$1,234.56'],
    [5, '$0.05'],
  ])('%s cents → %s', (cents, text) => expect(formatPrice(cents)).toBe(text));
});

describe('price total', () => {
  it.each([
    [9500, 3, 28500], // 9500 × 3
    [0, 3, 0], // a zero unit price is a price of 0
    [null, 3, null], // missing stays TBD
    [9500, undefined, 0], // no quantity yet
  ])('%s × %s → %s', (unit, quantity, total) => expect(priceTotal(unit, quantity)).toBe(total));
});

describe('rounding', () => {
  it.each([
    [10001, 10500], // 10001 / 500 = 20.002 → 21 × 500
    [10000, 10000], // already a multiple
    [1, 500],
    [0, 0],
  ])('%s rounds up to %s', (cents, rounded) => expect(roundUpToNext500(cents)).toBe(rounded));

  it.each([
    [4624, 4600], // 46.24 → 46.00
    [4625, 4650], // 46.25 → 46.50
    [4680, 4700], // 46.80 → 47.00
  ])('%s to a half or whole dollar is %s', (cents, rounded) => expect(roundToHalfDollar(cents)).toBe(rounded));

  it('converts payment dollars to cents', () => {
    expect(dollarsToCents(123.45)).toBe(12345); // 123.45 × 100
    expect(dollarsToCents(0.1 + 0.2)).toBe(30); // float noise rounded away
  });
});

describe('fabric price per yard', () => {
  it.each([
    // 4200 × 1.1 = 4620 → nearest 50 = 4600
    [{ fabric_type: 'Linen', unit_price: 4200 }, 4600],
    // 6800 × 1.1 = 7480 → 7500
    [{ fabric_type: 'Velvet', unit_price: 6800 }, 7500],
    // leather: 1150 × 18 = 20700, × 1.1 = 22770 → 22750
    [{ fabric_type: 'Leather', unit_price: 1150 }, 22750],
    // leather: 950 × 18 = 17100, × 1.1 = 18810 → 18800
    [{ fabric_type: 'Leather', unit_price: 950 }, 18800],
  ])('%j → %s', (fabric, perYard) => expect(fabricPricePerYard(fabric)).toBe(perYard));
});

describe('fabric for an item', () => {
  it('surface area is 2(lw + lh + wh)', () => {
    // 2 × (24×24 + 24×4 + 24×4) = 2 × (576 + 96 + 96) = 1536
    expect(surfaceArea({ length: 24, width: 24, height: 4 })).toBe(1536);
    // a missing dimension counts as 0: 2 × (20 × 22) = 880
    expect(surfaceArea({ width: 20, height: 22 })).toBe(880);
  });
  it('custom sizes: area × 0.000771605 × price', () => {
    // 1536 × 0.000771605 × 4600 = 5451.88 → 5452
    expect(customSizeFabricCost(1536, 4600)).toBe(5452);
    // 1296 in² is one square yard: 1296 × 0.000771605 ≈ 1.0000
    expect(customSizeYardage(1296)).toBeCloseTo(1, 5);
  });
  it('fixed sizes: yardage × price', () => {
    // 0.75 × 4600 = 3450
    expect(fixedSizeFabricCost(0.75, 4600)).toBe(3450);
    // 0.875 × 7500 = 6562.5 → 6563
    expect(fixedSizeFabricCost(0.875, 7500)).toBe(6563);
  });
});

describe('cushions CCC/CCA/CCV/CCW', () => {
  it.each([
    ['CCC02500CUST', 97, 25000], // longer than 96
    ['CCA02500CUST', 120, 25000],
    ['CCV00500CUST', 100, 25000],
    ['CCW00500CUST', 100, 25000],
    ['CCC02500CUST', 96, 0], // exactly 96 is not over
    ['CWC02500CUST', 97, 0], // wood base is not in the list
    ['CCC02500CUST', null, 0],
  ])('%s length %s → surcharge %s', (sku, length, surcharge) => expect(longCushionSurcharge(sku, length)).toBe(surcharge));

  it.each([
    // foam: 24 × 24 × 4 = 2304 in³; 2304 / 144 = 16; 16 × 325 = 5200; × 1.3 = 6760
    ['CCC02500CUST', 'foam', { length: 24, width: 24, height: 4 }, 6760],
    // outdoor on a Wei pad: 48 × 20 × 1 = 960; 960 / 144 × 325 × 1.3 = 2816.67 → 2817
    ['CCW03000CUST', 'outdoor', { length: 48, width: 20, height: 1 }, 2817],
    // dw_foam on CCC: 24 × 24 × 25 × 1.3 = 18720
    ['CCC02500CUST', 'dw_foam', { length: 24, width: 24, height: 4 }, 18720],
    // dw_foam on CCA: 30 × 20 × 25 × 1.3 = 19500
    ['CCA05000CUST', 'dw_foam', { length: 30, width: 20, height: 5 }, 19500],
    // dw_foam on CCV uses the volume rule: 30 × 20 × 2 = 1200 / 144 × 325 × 1.3 = 3520.83 → 3521
    ['CCV03000CUST', 'dw_foam', { length: 30, width: 20, height: 2 }, 3521],
    ['CCC02500CUST', 'none', { length: 24, width: 24, height: 4 }, 0],
    ['CCC02500CUST', null, { length: 24, width: 24, height: 4 }, 0],
    ['CSK02500CUST', 'foam', { length: 24, width: 24, height: 4 }, null], // priced from the catalogue
  ] as const)('%s %s %j → %s', (sku, insert, dims, price) => expect(sizedInsertPrice(sku, insert, dims)).toBe(price));
});

describe('tax', () => {
  it.each([
    ['10001', true], // Manhattan
    ['10301', true], // Staten Island
    ['10451', true], // Bronx
    ['11201', true], // Brooklyn
    ['11375', true], // Queens
    ['11694', true], // Rockaway
    ['11201-1234', true],
    ['11501', false], // Nassau County
    ['10501', false], // Westchester
    ['07302', false], // Jersey City
    ['1120', false],
    [undefined, false],
  ])('%s in the tax area: %s', (zip, inArea) => expect(isInTaxArea(zip)).toBe(inArea));

  it.each([
    // 10000 × 0.08875 = 887.5 → 888
    [10000, '11201', false, 888],
    // 28500 × 0.08875 = 2529.375 → 2529
    [28500, '10001', false, 2529],
    [10000, '11201', true, 0], // tax exempt
    [10000, '90210', false, 0], // outside the area
  ])('%s cents at %s (exempt %s) → %s', (subtotal, zip, exempt, tax) =>
    expect(taxOn(subtotal, { postalCode: zip, taxExempt: exempt })).toBe(tax));
});

describe('delivery', () => {
  it('offers the four options with their prices', () => {
    expect(deliveryOptions.map((o) => [o.type, o.label, o.price_from_cents])).toEqual([
      [0, 'Shipping', null],
      [1, 'Delivery', 19500],
      [2, 'Pick Up', 0],
      [3, 'Delivery & Installation', 35000],
    ]);
    expect(deliveryOptions[0]?.description).toContain('US only');
    expect(deliveryOptions[0]?.description).toContain('5-7 days on top of lead time');
    expect(deliveryOptions[1]?.description).toContain('within 1 week of completion');
    expect(deliveryOptions[1]?.description).toContain('ground floor or lobby');
    expect(deliveryOptions[2]?.description).toContain('Brooklyn workroom');
    expect(deliveryOptions[3]?.description).toContain('NYC five boroughs');
  });
  it.each([
    [0, 'Shipping'],
    [1, 'Delivery'],
    [2, 'Pick Up'],
    [3, 'Delivery & Installation'],
    [7, 'Delivery & Installation'],
    [undefined, 'Delivery & Installation'],
  ])('type %s is %s', (type, label) => expect(deliveryTypeLabel(type)).toBe(label));
  it.each([
    [0, 4500],
    [1, 4500],
    [2, 0], // pick-up never pays shipping
    [3, 4500],
    [undefined, 4500], // not chosen yet: the quote counts staff's figure (decision 0250)
  ] as const)('delivery type %s charges %s of a 4500 shipping cost', (type, charged) =>
    expect(chargedShipping(4500, type)).toBe(charged));
  it('a missing shipping cost charges nothing', () => expect(chargedShipping(undefined, 0)).toBe(0));
});
