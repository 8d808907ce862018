import { describe, expect, it } from 'vitest';
import { seedProducts } from '../catalogue/seed.js';
import type { Fabric, LineItem } from '../project/model.js';
import { validateProjectDraft, validateProjectForCheckout } from './project.js';
import { validateShippingAddress, validateShippingNotes } from './shipping.js';

const pillow: LineItem = { product_id: 1, product_type: 'P', product_style: 'Alex', size: '18x18', insert: 'poly', product_trim: null, quantity: 1 };
const fabric = (over: Partial<Fabric> = {}): Fabric => ({ id: 'f1', name: 'Linen', items: [pillow], ...over });
const address = { recipient_name: 'Ada', line1: '1 Main St', city: 'Brooklyn', state: 'NY', postal_code: '11201' };

describe('project validation', () => {
  it('a project whose fabrics are named and hold valid items passes', () => {
    expect(validateProjectDraft({ fabrics: [fabric(), fabric({ id: 'f2', name: 'Velvet' })] }, seedProducts)).toEqual([]);
  });
  it('asks for a fabric name', () => {
    expect(validateProjectDraft({ fabrics: [fabric({ name: '' })] }, seedProducts)).toEqual([
      { field: 'fabrics.0.name', message: 'Please provide a name for this fabric.' },
    ]);
  });
  it('every fabric group must contain items', () => {
    expect(validateProjectDraft({ fabrics: [fabric(), fabric({ items: [] })] }, seedProducts)).toEqual([
      { field: 'fabrics.1.items', message: 'Please add at least one item to this fabric.' },
    ]);
  });
  it('a project needs at least one fabric', () => {
    expect(validateProjectDraft({ fabrics: [] }, seedProducts)).toEqual([
      { field: 'fabrics', message: 'Please add at least one fabric to this project.' },
    ]);
  });
  it('ties item problems to their fabric and item', () => {
    const problems = validateProjectDraft({ fabrics: [fabric(), fabric({ items: [pillow, { ...pillow, quantity: 0 }] })] }, seedProducts);
    expect(problems).toEqual([{ field: 'fabrics.1.items.1.quantity', message: 'Please enter a quantity.' }]);
  });
  it('at checkout also wants the address', () => {
    const problems = validateProjectForCheckout({ fabrics: [fabric()], shipping_notes: { delivery_type: 0 } }, seedProducts);
    expect(problems).toHaveLength(5);
    expect(validateProjectForCheckout({ fabrics: [fabric()], shipping_notes: { delivery_type: 1, shipping_address: address } }, seedProducts)).toEqual([]);
  });
});

describe('shipping address', () => {
  it('a complete address passes', () => {
    expect(validateShippingAddress(address)).toEqual([]);
  });
  it.each(['recipient_name', 'line1', 'city', 'state', 'postal_code'] as const)('a blank %s fails', (key) => {
    expect(validateShippingAddress({ ...address, [key]: '  ' })).toEqual([
      { field: `shipping_address.${key}`, message: 'Please complete all address fields.' },
    ]);
  });
  it('a missing address reports every field', () => {
    expect(validateShippingNotes({ delivery_type: 3 }).map((p) => p.field)).toEqual([
      'shipping_notes.shipping_address.recipient_name',
      'shipping_notes.shipping_address.line1',
      'shipping_notes.shipping_address.city',
      'shipping_notes.shipping_address.state',
      'shipping_notes.shipping_address.postal_code',
    ]);
  });
  it('pick-up needs no address', () => {
    expect(validateShippingNotes({ delivery_type: 2 })).toEqual([]);
  });
});
