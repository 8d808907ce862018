import { describe, expect, it } from 'vitest';
import { panelPlan } from './detail-helpers';

describe('the panels of the staff project page by state (decision 0318)', () => {
  it('puts the work of the moment first: pricing in review, production from approval to completion, none when shipped or archived', () => {
    expect(panelPlan('R').order.slice(0, 3)).toEqual(['Pricing', 'Details', 'Production']);
    for (const state of ['A', 'P', 'I', 'PS', 'C'] as const) expect(panelPlan(state).order[0]).toBe('Production');
    expect(panelPlan('S').order[0]).toBe('Quote');
    expect(panelPlan('X').order[0]).toBe('Quote');
  });

  it('keeps every panel exactly once, and the audit log folded in every state', () => {
    for (const state of ['D', 'R', 'A', 'P', 'I', 'PS', 'C', 'S', 'X'] as const) {
      const plan = panelPlan(state);
      expect(new Set(plan.order).size).toBe(9);
      expect(plan.order).toHaveLength(9);
      expect(plan.open.has('Audit log')).toBe(false);
      expect(plan.open.has('Activity log')).toBe(true);
      expect(plan.open.has('Card payments')).toBe(true);
    }
  });
});
