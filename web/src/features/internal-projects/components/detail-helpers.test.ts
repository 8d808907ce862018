import { describe, expect, it } from 'vitest';
import { leadPanelFor } from './detail-helpers';

describe('the panel that leads the staff project page', () => {
  it('is pricing in review, production and shipping from approval to completion, none otherwise', () => {
    expect(leadPanelFor('R')).toBe('pricing');
    for (const state of ['A', 'P', 'I', 'PS', 'C'] as const) expect(leadPanelFor(state)).toBe('workflow');
    for (const state of ['D', 'S', 'X'] as const) expect(leadPanelFor(state)).toBeNull();
  });
});
