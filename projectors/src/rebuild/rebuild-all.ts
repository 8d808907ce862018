import type { Projection } from '../runner/projection.js';
import { rebuildInOnePass, type OnePassOptions } from './one-pass.js';
import { rebuildProjection, type RebuildDeps, type RebuildOptions, type RebuildResult } from './rebuild.js';

/** Resolves `all` or one projection name against the registered projections. */
export function selectProjections(all: readonly Projection[], name: string): Projection[] {
  if (name === 'all') return [...all];
  const found = all.find((projection) => projection.name === name);
  if (!found) throw new Error(`Unknown projection "${name}". Known: all, ${all.map((p) => p.name).join(', ')}`);
  return [found];
}

/**
 * Rebuilds the projections in one pass over the log and swaps them in together
 * (docs/decisions/0100-one-pass-rebuild.md).
 */
export async function rebuildAll(deps: RebuildDeps, projections: readonly Projection[], options: OnePassOptions = {}): Promise<RebuildResult[]> {
  return rebuildInOnePass(deps, projections, options);
}

/**
 * The engine before the one-pass one, kept as the benchmark's baseline: one after the other,
 * each projection reads the whole log and writes through its own handlers.
 */
export async function rebuildOneByOne(
  deps: RebuildDeps,
  projections: readonly Projection[],
  options: (projection: Projection) => RebuildOptions = () => ({}),
): Promise<RebuildResult[]> {
  const results: RebuildResult[] = [];
  for (const projection of projections) results.push(await rebuildProjection(deps, projection, options(projection)));
  return results;
}
