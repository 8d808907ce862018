import { describe, expect, it } from 'vitest';
import { canonical, sameJson, viewChanges } from './changes.js';

/** A small seeded generator (mulberry32), so a failure can be replayed. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const LEAVES: unknown[] = [null, undefined, 0, -0, 1, 2.5, NaN, Infinity, '', 'a', 'b', true, false, () => 1];
const KEYS = ['a', 'b', 'c', '1', '10'];

function value(next: () => number, depth: number): unknown {
  const roll = next();
  if (depth > 3 || roll < 0.5) return LEAVES[Math.floor(next() * LEAVES.length)];
  if (roll < 0.75) return Array.from({ length: Math.floor(next() * 3) }, () => value(next, depth + 1));
  const entries = KEYS.filter(() => next() < 0.4).map((key) => [key, value(next, depth + 1)] as const);
  return Object.fromEntries(next() < 0.5 ? entries : entries.reverse());
}

/** A near copy: same value rebuilt, sometimes with one leaf changed or key order flipped. */
function variant(next: () => number, source: unknown): unknown {
  if (next() < 0.1) return value(next, 2);
  if (Array.isArray(source)) return source.map((item) => variant(next, item));
  if (source && typeof source === 'object') {
    const entries = Object.entries(source).map(([key, inner]) => [key, variant(next, inner)] as const);
    return Object.fromEntries(next() < 0.5 ? entries : entries.reverse());
  }
  return source;
}

describe('sameJson', () => {
  it('agrees with comparing canonical JSON on 20,000 random pairs, top level and nested', () => {
    const next = random(20261122);
    let same = 0;
    for (let n = 0; n < 20_000; n++) {
      const a = value(next, 0);
      const b = variant(next, a);
      const expected = canonical(a) === canonical(b);
      expect(sameJson(a, b), `${canonical(a)} vs ${canonical(b)}`).toBe(expected);
      if (expected) same++;
    }
    expect(same).toBeGreaterThan(1000);
  });

  it('keeps JSON special cases: undefined is not null at the top level, but is inside arrays', () => {
    expect(sameJson(undefined, null)).toBe(false);
    expect(sameJson([undefined], [null])).toBe(true);
    expect(sameJson({ a: undefined }, {})).toBe(true);
    expect(sameJson({ b: 1, a: 2 }, { a: 2, b: 1 })).toBe(true);
    expect(sameJson({ at: new Date(0) }, { at: '1970-01-01T00:00:00.000Z' })).toBe(true);
  });
});

describe('viewChanges', () => {
  it('lists changed top-level fields, ignoring updated and key order', () => {
    const before = { id: 'p1', name: 'A', updated: 'x', notes: { a: 1, b: 2 } } as never;
    const after = { id: 'p1', name: 'B', updated: 'y', notes: { b: 2, a: 1 } } as never;
    expect(viewChanges(before, after)).toEqual([{ field: 'name', from: 'A', to: 'B' }]);
    expect(viewChanges(null, { id: 'p1', organization_id: null } as never)).toEqual([
      { field: 'id', from: null, to: 'p1' },
      { field: 'organization_id', from: null, to: null },
    ]);
  });
});
