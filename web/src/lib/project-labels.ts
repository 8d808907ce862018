/**
 * Display labels and list orders of SPEC §4, taken from the domain so every screen and the server
 * name states alike.
 */
import { customerListOrdering, internalListOrdering, productionStateLabels, projectStateLabels, type ProjectState } from '@shop/domain';

/** Customer list ordering of SPEC §4, used for the filter menu. */
export const customerStateOrder: readonly ProjectState[] = customerListOrdering.states;
/** Internal list ordering of SPEC §4. */
export const internalStateOrder: readonly ProjectState[] = internalListOrdering.states;

export function projectStateLabel(code: string | null | undefined): string {
  if (!code) return '';
  return (projectStateLabels as Record<string, string>)[code] ?? code;
}

export function productionStateLabel(code: string | null | undefined): string {
  return (productionStateLabels as Record<string, string>)[code ?? 'N'] ?? code ?? '';
}
