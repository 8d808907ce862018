import { describe, expect, it } from 'vitest';
import { evolve } from './evolve.js';
import { orderLabel, orderNumberInSearch } from './order-number.js';
import { initialProjectState } from './state.js';
import { projectView } from './view.js';

const createdEvent = (orderNumber?: number) => ({
  type: 'ProjectCreated' as const,
  data: {
    projectId: 'fd31a7ee-d98d-4729-adf6-3613cad40416',
    ...(orderNumber === undefined ? {} : { orderNumber }),
    ownerId: 'u-1', organizationId: null, productionTime: 3, name: 'Pillows', category: null, fabrics: [],
    additional_notes: '', notes: {}, shipping_notes: {}, shipping_cost: 0, at: '2026-01-01T00:00:00.000Z', by: 'u-1',
  },
});

describe('order numbers (decision 0315)', () => {
  it('names a project by the number its creation event carries', () => {
    const view = projectView(evolve(initialProjectState(), createdEvent(1042)))!;
    expect(view.order_number).toBe(1042);
    expect(view.order_label).toBe('#1042');
  });

  it('names a project created before numbers existed by the first characters of its id, and no number', () => {
    const view = projectView(evolve(initialProjectState(), createdEvent()))!;
    expect(view.order_number).toBeNull();
    expect(view.order_label).toBe('Ref. fd31a7ee');
  });

  it('reads a folded state stored before the field existed the same way', () => {
    const state = evolve(initialProjectState(), createdEvent());
    if (state.status !== 'existing') throw new Error('not created');
    const { order_number: _dropped, ...older } = state.project;
    expect(projectView({ status: 'existing', project: older as typeof state.project })!.order_label).toBe('Ref. fd31a7ee');
  });

  it('finds an order number in a search term with or without its #', () => {
    expect(orderNumberInSearch('#1042')).toBe(1042);
    expect(orderNumberInSearch(' 1042 ')).toBe(1042);
    expect(orderNumberInSearch('Living room')).toBeNull();
    expect(orderNumberInSearch('#10x')).toBeNull();
    expect(orderLabel({ id: 'abc', order_number: 7 })).toBe('#7');
  });
});
