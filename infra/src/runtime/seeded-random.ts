/**
 * Deterministic pseudo-random numbers in [0, 1) (mulberry32): a failing test run can be replayed,
 * and the demo history of one seed is the same history every time.
 */
export function seededRandom(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return (t >>> 0) / 4294967296;
  };
}
