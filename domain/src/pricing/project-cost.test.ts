import { describe, expect, it } from 'vitest';
import { seedProducts } from '../catalogue/seed.js';
import { OWN_SOURCE, type Fabric } from '../project/model.js';
import { quoteLineItem } from './line-item-quote.js';
import { costDetails, fabricCost, fabricYardage, isPriced, laborCost, lineItemYardage, shownCost, type CostedProject } from './project-cost.js';

const shopFabric: Fabric = {
  id: 'f1',
  name: 'Belgian Linen',
  source: OWN_SOURCE,
  unit_price: 4600,
  items: [
    { product_id: 1, quantity: 2, unit_price: 9500, yardage: 0.75 },
    { product_id: 42, quantity: 1, unit_price: 30500, yardage: 1.25, product_trim: 'S', self_welt: 0.25 },
  ],
};
const customerFabric: Fabric = {
  id: 'f2',
  name: 'Client velvet',
  source: 'customer',
  unit_price: 9900,
  items: [{ product_id: 0, quantity: 1, unit_price: 40000, yardage: 2 }],
};
const address = { recipient_name: 'Ada', line1: '1 Main St', city: 'Brooklyn', state: 'NY', postal_code: '11201' };
const project: CostedProject = {
  fabrics: [shopFabric, customerFabric],
  shipping_notes: { delivery_type: 1, shipping_address: address },
  shipping_cost: 19500,
};

describe('yardage and fabric cost', () => {
  it.each([
    // 2 × 0.75 = 1.5
    [{ product_id: 1, quantity: 2, yardage: 0.75 }, 1.5],
    // 1 × 1.25 + 1 × 0.25 self welt = 1.5
    [{ product_id: 1, quantity: 1, yardage: 1.25, product_trim: 'S' as const, self_welt: 0.25 }, 1.5],
    // piping adds no yardage: 3 × 1 = 3
    [{ product_id: 1, quantity: 3, yardage: 1, product_trim: 'P' as const, self_welt: 0.25 }, 3],
    [{ product_id: 1 }, 0],
  ])('%j takes %s yards', (item, yards) => expect(lineItemYardage(item)).toBe(yards));

  it('charges only the shop own fabric: unit price × total yardage', () => {
    // (1.5 + 1.5) yd × 4600 = 13800
    expect(fabricYardage(shopFabric)).toBe(3);
    expect(fabricCost(shopFabric)).toBe(13800);
    expect(fabricCost(customerFabric)).toBe(0);
  });

  it('labour is unit price × quantity; TBD items add nothing', () => {
    // 2 × 9500 + 30500 + 40000 = 89500
    expect(laborCost([shopFabric, customerFabric])).toBe(89500);
    expect(laborCost([{ ...customerFabric, items: [{ product_id: 0, quantity: 2, unit_price: null }] }])).toBe(0);
  });
});

describe('cost details', () => {
  // labor 89500 + fabric 13800 = subtotal 103300; tax 103300 × 0.08875 = 9167.875 → 9168;
  // shipping 19500 (delivery); total 103300 + 9168 + 19500 = 131968
  it('unpaid project in the tax area with delivery', () => {
    expect(costDetails(project, { paidInFull: false })).toEqual({
      labor: 89500,
      fabric: 13800,
      subtotal: 103300,
      tax: 9168,
      shipping: 19500,
      total: 131968,
      paid: 0,
      remaining: 131968,
    });
  });
  it('paid in full', () => {
    expect(costDetails(project, { paidInFull: true })).toMatchObject({ total: 131968, paid: 131968, remaining: 0 });
  });
  it('partial payment: remaining from the payment details, dollars to cents', () => {
    const partial = { ...project, notes: { payment_details: { partial_payment: true, details: { remaining: 500.25 } } } };
    // remaining $500.25 → 50025; paid 131968 − 50025 = 81943
    expect(costDetails(partial, { paidInFull: false })).toMatchObject({ remaining: 50025, paid: 81943 });
  });
  it('a partial remaining larger than the total is capped at the total', () => {
    const partial = { ...project, notes: { payment_details: { partial_payment: true, details: { remaining: 99999 } } } };
    expect(costDetails(partial, { paidInFull: false })).toMatchObject({ remaining: 131968, paid: 0 });
  });
  it('no tax when tax exempt', () => {
    // 103300 + 0 + 19500 = 122800
    expect(costDetails({ ...project, notes: { tax_exempt: true } }, { paidInFull: false })).toMatchObject({ tax: 0, total: 122800 });
  });
  it('no tax outside the tax area, no shipping for pick-up', () => {
    const away = { ...project, shipping_notes: { delivery_type: 2 as const, shipping_address: { ...address, postal_code: '94110' } } };
    // 103300 + 0 + 0
    expect(costDetails(away, { paidInFull: false })).toMatchObject({ tax: 0, shipping: 0, total: 103300 });
  });
  it('a quote priced before the customer chose a delivery counts the shipping staff set (decision 0250)', () => {
    const quoted = { ...project, shipping_notes: {}, shipping_cost: 2500 };
    // 103300 labour and fabric, no address so no tax, 2500 shipping
    expect(costDetails(quoted, { paidInFull: false })).toMatchObject({ tax: 0, shipping: 2500, total: 105800 });
  });
  it('an empty project costs nothing', () => {
    expect(costDetails({ fabrics: [] }, { paidInFull: false })).toEqual({
      labor: 0, fabric: 0, subtotal: 0, tax: 0, shipping: 0, total: 0, paid: 0, remaining: 0,
    });
  });
});

describe('the project total is the sum of the editor lines (docs/decisions/0025)', () => {
  it('Alex custom 16 x 30, quantity 3, shop fabric at 5500/yd: 3 × 18636 = 55908 on both sides', () => {
    const fabric = { source: OWN_SOURCE, unit_price: 5500 };
    const item = { product_id: 1, product_type: 'P', product_style: 'Alex', size: '16 x 30', insert: 'poly', product_trim: null, quantity: 3 } as const;
    const quote = quoteLineItem(item, fabric, seedProducts)!;
    expect(quote.unitPrice).toBe(18636);
    expect(quote.total).toBe(55908);
    // What the editor stores on the item: labour per unit as its unit price, yards per unit as its yardage.
    const stored: Fabric = { id: 'f', name: 'Shop linen', ...fabric, items: [{ ...item, unit_price: quote.unitLabor, yardage: quote.yardage }] };
    expect(costDetails({ fabrics: [stored] }, { paidInFull: false }).subtotal).toBe(quote.total);
  });
});

describe('unknown money (decision 0196)', () => {
  const unpaid = { paidInFull: false };
  it('a project is priced when every item has a unit price (0 counts) and every shop fabric with items a price', () => {
    expect(isPriced({ fabrics: [shopFabric, customerFabric] })).toBe(true);
    expect(isPriced({ fabrics: [{ ...customerFabric, items: [{ product_id: 0, quantity: 1, unit_price: 0 }] }] })).toBe(true);
    expect(isPriced({ fabrics: [] })).toBe(false);
    expect(isPriced({ fabrics: [{ ...shopFabric, items: [] }] })).toBe(false);
    expect(isPriced({ fabrics: [{ ...shopFabric, unit_price: null }] })).toBe(false);
    expect(isPriced({ fabrics: [{ ...shopFabric, items: [{ product_id: 1, quantity: 2, unit_price: null }] }] })).toBe(false);
    expect(isPriced({ fabrics: [{ ...shopFabric, unit_price: undefined, items: [] }, customerFabric] })).toBe(true);
  });
  it('shows null for what an unpriced project cannot know, and keeps shipping and paid', () => {
    const project: CostedProject = { fabrics: [{ ...customerFabric, items: [{ product_id: 0, quantity: 1 }] }], shipping_cost: 19500, shipping_notes: { delivery_type: 1 }, notes: {} };
    expect(shownCost(project, unpaid)).toEqual({ labor: null, fabric: null, subtotal: null, tax: null, shipping: 19500, remaining: null, paid: 0, total: null });
    const priced: CostedProject = { ...project, fabrics: [shopFabric] };
    expect(shownCost(priced, unpaid)).toEqual(costDetails(priced, unpaid));
  });
});
