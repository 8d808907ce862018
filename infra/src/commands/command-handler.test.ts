import { describe, expect, it } from 'vitest';
import { conflictRetryWaitMs } from './command-handler.js';

// Decision 0308: a command that lost a race to another writer is decided again after a random wait
// (full jitter) whose bound doubles with each attempt.
describe('conflictRetryWaitMs', () => {
  it('is the drawn share of a bound that starts at 10 ms and doubles each attempt', () => {
    expect([1, 2, 3].map((attempt) => conflictRetryWaitMs(attempt, () => 0.999))).toEqual([9.99, 19.98, 39.96]);
    expect([1, 2, 3].map((attempt) => conflictRetryWaitMs(attempt, () => 0.5))).toEqual([5, 10, 20]);
  });

  it('may be anything from no wait up to the bound, so writers that collided spread out instead of colliding again in step', () => {
    expect(conflictRetryWaitMs(2, () => 0)).toBe(0);
    const waits = Array.from({ length: 200 }, () => conflictRetryWaitMs(2));
    expect(waits.every((wait) => wait >= 0 && wait < 20)).toBe(true);
    expect(new Set(waits).size).toBeGreaterThan(150);
  });
});
