import { describe, expect, it } from 'vitest';
import { mainProductType, NO_PRODUCT_TYPE } from './flow.js';

const item = (product_type: string | null, quantity: number | null = 1) => ({ product_type, quantity });

describe('a project’s main product type', () => {
  it('is the one type of all its items, whatever fabric they are on', () => {
    expect(mainProductType([{ items: [item('cushion', 2)] }, { items: [item(null), item('cushion')] }])).toBe('cushion');
  });

  it('is the type with the most items when there are several, the first chosen on a tie', () => {
    expect(mainProductType([{ items: [item('cushion', 2), item('curtain', 3)] }])).toBe('curtain');
    expect(mainProductType([{ items: [item('cushion', 2)] }, { items: [item('curtain', 2)] }])).toBe('cushion');
  });

  it('counts an item without a quantity as one, and none when nothing is counted', () => {
    expect(mainProductType([{ items: [item('cushion', null), item('curtain', 0)] }])).toBe('cushion');
    expect(mainProductType([{ items: [item('cushion', 0)] }])).toBe(NO_PRODUCT_TYPE);
    expect(mainProductType([{ items: [item(null)] }])).toBe(NO_PRODUCT_TYPE);
    expect(mainProductType([])).toBe(NO_PRODUCT_TYPE);
  });
});
