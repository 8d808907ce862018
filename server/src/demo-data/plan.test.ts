import { describe, expect, it } from 'vitest';
import { productTypeCodes, quoteGaps, seedProducts, validateProjectDraft, type Fabric } from '@shop/domain';
import { planDemoHistory, type DemoStep } from './plan.js';

const now = new Date('2026-11-24T15:00:00Z');
const plan = planDemoHistory({ projects: 60, months: 12, seed: 7, now });
const projectActions = (steps: DemoStep[]) => steps.flatMap((step) => (step.action.type === 'project' ? [step.action.action] : []));

describe('the demo history plan', () => {
  it('is the same plan for the same seed, and another for another seed', () => {
    expect(planDemoHistory({ projects: 60, months: 12, seed: 7, now })).toEqual(plan);
    expect(planDemoHistory({ projects: 60, months: 12, seed: 8, now }).steps.map((step) => step.at)).not.toEqual(plan.steps.map((step) => step.at));
  });

  it('orders the steps in time, inside the months asked for and never after now', () => {
    const times = plan.steps.map((step) => step.at.getTime());
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(Math.max(...times)).toBeLessThan(now.getTime());
    expect(Math.min(...times)).toBeGreaterThan(Date.UTC(2025, 9, 1));
    expect(new Set(plan.steps.map((step) => step.key)).size).toBe(plan.steps.length);
  });

  it('drafts only projects the editor accepts, using every product type', () => {
    const drafts = projectActions(plan.steps).flatMap((action) => (action.type === 'create' ? [action.draft] : []));
    expect(drafts).toHaveLength(60);
    for (const draft of drafts) expect(validateProjectDraft(draft, seedProducts)).toEqual([]);
    const types = new Set(drafts.flatMap((draft) => draft.fabrics.flatMap((fabric) => fabric.items.map((item) => item.product_type))));
    expect([...types].sort()).toEqual([...productTypeCodes].sort());
  });

  it('prices every quote completely, so staff can approve it', () => {
    const priced = projectActions(plan.steps).flatMap((action) => (action.type === 'staff' && action.body.fabrics ? [action.body.fabrics as Fabric[]] : []));
    expect(priced.length).toBeGreaterThan(30);
    for (const fabrics of priced) expect(quoteGaps({ fabrics }, seedProducts)).toEqual([]);
  });

  it('leads projects through every move: approval, payment and deposits, production, pause, completion, shipment, archive', () => {
    const actions = projectActions(plan.steps);
    const moves = new Set(actions.flatMap((action) => (action.type === 'staff' && action.body.state ? [action.body.state] : [])));
    expect([...moves].sort()).toEqual(['A', 'C', 'I', 'PS', 'S', 'X']);
    expect(actions.some((action) => action.type === 'submit')).toBe(true);
    expect(actions.some((action) => action.type === 'pay' && action.deposit)).toBe(true);
    expect(actions.some((action) => action.type === 'staff' && action.body.production_state === 'R')).toBe(true);
  });

  it('has the projects still in the workroom paid in the last eight weeks, so few of them are long past due', () => {
    const byProject = new Map<string, DemoStep[]>();
    for (const step of plan.steps) {
      const project = /^project:\d+/.exec(step.key)?.[0];
      if (project) byProject.set(project, [...(byProject.get(project) ?? []), step]);
    }
    const names = (steps: DemoStep[]) => steps.map((step) => step.key.split(':')[2]);
    const open = [...byProject.values()].filter((steps) => names(steps).includes('pay') && !names(steps).includes('complete'));
    expect(open.length).toBeGreaterThanOrEqual(3);
    for (const steps of open) {
      const paid = steps.find((step) => step.key.endsWith(':pay'))!;
      expect(now.getTime() - paid.at.getTime()).toBeLessThanOrEqual(56 * 24 * 3_600_000);
    }
  });
});
