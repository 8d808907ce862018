import { describe, expect, it } from 'vitest';
import { DEFAULT_PRODUCTION_TIME } from '@shop/domain';
import { planDemoHistory, type DemoStep } from './plan.js';

const WEEK_MS = 7 * 24 * 3_600_000;
const monthOf = (at: Date) => `${at.getUTCFullYear()}-${String(at.getUTCMonth() + 1).padStart(2, '0')}`;

/** Each project's steps by move name ("pay", "start", "price", …). */
function projects(steps: DemoStep[]): Map<string, Map<string, DemoStep>> {
  const byProject = new Map<string, Map<string, DemoStep>>();
  for (const step of steps) {
    const [kind, index, move] = step.key.split(':');
    if (kind !== 'project' || !move) continue;
    const id = `${kind}:${index}`;
    byProject.set(id, (byProject.get(id) ?? new Map()).set(move, step));
  }
  return byProject;
}

/** When production started plus the production time staff gave when pricing (the domain's rule for `due`). */
function dueOf(moves: Map<string, DemoStep>): number | null {
  const start = moves.get('start');
  if (!start) return null;
  const price = moves.get('price')?.action;
  const weeks = price?.type === 'project' && price.action.type === 'staff' ? (price.action.body.production_time ?? DEFAULT_PRODUCTION_TIME) : DEFAULT_PRODUCTION_TIME;
  return start.at.getTime() + weeks * WEEK_MS;
}

describe('the demo history over time, as a shop would have it (500 projects, 12 months)', () => {
  for (const now of [new Date('2026-11-25T12:00:00Z'), new Date('2026-07-16T09:00:00Z')]) {
    describe(`run on ${now.toISOString().slice(0, 10)}`, () => {
      const plan = planDemoHistory({ projects: 500, months: 12, seed: 3, now });
      const byProject = projects(plan.steps);

      it('has payments in every month, the current one in proportion to its days gone, none over 2.5 times the mean', () => {
        const payments = new Map<string, number>();
        for (const step of plan.steps) if (step.action.type === 'project' && step.action.action.type === 'pay') payments.set(monthOf(step.at), (payments.get(monthOf(step.at)) ?? 0) + 1);
        expect(payments.size).toBe(12);
        const counts = [...payments.values()];
        const mean = counts.reduce((sum, count) => sum + count, 0) / counts.length;
        expect(Math.max(...counts)).toBeLessThanOrEqual(2.5 * mean);
        const current = payments.get(monthOf(now)) ?? 0;
        const daysGone = now.getUTCDate() / 30;
        expect(current).toBeGreaterThan(0.4 * mean * daysGone);
        expect(current).toBeLessThan(2.5 * mean * daysGone);
      });

      it('has the workroom mostly due ahead of today: at most a fifth overdue, and a few late', () => {
        const workroom = [...byProject.values()].filter((moves) => moves.has('pay') && !moves.has('complete') && !moves.has('archive'));
        expect(workroom.length).toBeGreaterThan(20);
        const overdue = workroom.filter((moves) => {
          const due = dueOf(moves);
          return due !== null && due < now.getTime();
        });
        expect(overdue.length).toBeLessThanOrEqual(workroom.length / 5);
        expect(overdue.length).toBeGreaterThan(0);
        expect(workroom.filter((moves) => (dueOf(moves) ?? 0) > now.getTime()).length).toBeGreaterThan(overdue.length);
      });
    });
  }
});
