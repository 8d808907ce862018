import type { Projection } from '../runner/projection.js';
import { rebuildProjection, type RebuildDeps, type RebuildOptions, type RebuildResult } from './rebuild.js';

/** Resolves `all` or one projection name against the registered projections. */
export function selectProjections(all: readonly Projection[], name: string): Projection[] {
  if (name === 'all') return [...all];
  const found = all.find((projection) => projection.name === name);
  if (!found) throw new Error(`Unknown projection "${name}". Known: all, ${all.map((p) => p.name).join(', ')}`);
  return [found];
}

/** One after the other: each rebuild reads the log once and swaps its own tables in. */
export async function rebuildAll(
  deps: RebuildDeps,
  projections: readonly Projection[],
  options: (projection: Projection) => RebuildOptions = () => ({}),
): Promise<RebuildResult[]> {
  const results: RebuildResult[] = [];
  for (const projection of projections) results.push(await rebuildProjection(deps, projection, options(projection)));
  return results;
}
