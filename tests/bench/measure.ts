/** Small measurement helpers shared by the benchmark sections. */

export function percentile(sortedMs: number[], p: number): number {
  if (sortedMs.length === 0) return 0;
  const index = Math.min(sortedMs.length - 1, Math.ceil((p / 100) * sortedMs.length) - 1);
  return sortedMs[Math.max(0, index)]!;
}

export interface LoadResult {
  operations: number;
  seconds: number;
  latenciesMs: number[];
}

/**
 * Runs `operation` from `workers` concurrent loops for `seconds`, recording each call's
 * latency. Bounded in time; stops by itself.
 */
export async function runLoad(workers: number, seconds: number, operation: (worker: number, n: number) => Promise<void>): Promise<LoadResult> {
  const latenciesMs: number[] = [];
  const started = performance.now();
  const deadline = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: workers }, async (_, worker) => {
      for (let n = 0; performance.now() < deadline; n++) {
        const t0 = performance.now();
        await operation(worker, n);
        latenciesMs.push(performance.now() - t0);
      }
    }),
  );
  return { operations: latenciesMs.length, seconds: (performance.now() - started) / 1000, latenciesMs: latenciesMs.sort((a, b) => a - b) };
}

export const fmt = (value: number, digits = 0) => value.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
