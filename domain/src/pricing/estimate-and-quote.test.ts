import { describe, expect, it } from 'vitest';
import { seedProducts } from '../catalogue/seed.js';
import { OWN_SOURCE, type Fabric, type LineItem } from '../project/model.js';
import { costDetails } from './project-cost.js';
import { fabricCostPerUnit } from './fabric-price.js';
import { estimateLeavesOutWeltFabric, quoteLineItem } from './line-item-quote.js';

/**
 * Issue 33: the same project on both sides. The editor's estimate (quoteLineItem) and the quote
 * staff make from it (unit price = the estimate's labour, yardage = the estimate's yardage, plus the
 * self-welt yardage only they measure) differ by exactly the welt fabric, and only when the editor
 * says so (decision 0200).
 */
const shopFabric = (items: LineItem[]): Fabric => ({ id: 'f1', name: 'Linen', source: OWN_SOURCE, unit_price: 4600, items });
const alex: LineItem = { product_id: 1, product_type: 'P', product_style: 'Alex', size: '18x18', insert: 'poly', product_trim: 'S', quantity: 3 };

function staffQuote(item: LineItem, selfWelt: number): number {
  const estimate = quoteLineItem(item, shopFabric([item]), seedProducts)!;
  const priced: LineItem = { ...item, unit_price: estimate.unitLabor, yardage: estimate.yardage, self_welt: selfWelt };
  const cost = costDetails({ fabrics: [shopFabric([priced])], notes: { tax_exempt: true }, shipping_notes: {}, shipping_cost: 0 }, { paidInFull: false });
  return cost.labor + cost.fabric;
}

describe('the editor estimate and the staff quote of the same project', () => {
  it('differ by the self-welt fabric alone, which the editor names', () => {
    const estimate = quoteLineItem(alex, shopFabric([alex]), seedProducts)!;
    const quote = staffQuote(alex, 0.25);
    const weltFabric = 3 * (fabricCostPerUnit(estimate.yardage + 0.25, 4600) - fabricCostPerUnit(estimate.yardage, 4600));
    expect(weltFabric).toBeGreaterThan(0);
    expect(quote - estimate.total).toBe(weltFabric);
    expect(estimateLeavesOutWeltFabric(alex, shopFabric([alex]))).toBe(true);
  });

  it("agree to the cent when nothing is left out: piping, no welt yardage, or the customer's own fabric", () => {
    const piped = { ...alex, product_trim: 'P' as const };
    expect(staffQuote(piped, 0)).toBe(quoteLineItem(piped, shopFabric([piped]), seedProducts)!.total);
    expect(estimateLeavesOutWeltFabric(piped, shopFabric([piped]))).toBe(false);
    expect(staffQuote(alex, 0)).toBe(quoteLineItem(alex, shopFabric([alex]), seedProducts)!.total);
    expect(estimateLeavesOutWeltFabric(alex, { source: 'customer' })).toBe(false);
  });
});
