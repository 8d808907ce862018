import type { Projection } from '../runner/projection.js';
import { rebuildInOnePass, type OnePassOptions } from './one-pass.js';
import type { RebuildDeps, RebuildResult } from './rebuild.js';

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
