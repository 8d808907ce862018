/**
 * Display labels of SPEC §4, shared by the customer and internal screens.
 * TODO(domain): move beside `projectStates` in domain/src/project once that context has labels.
 */

export const projectStateLabels = {
  D: 'Draft',
  R: 'Review',
  A: 'Approved',
  P: 'Paid',
  I: 'In Progress',
  PS: 'Paused',
  C: 'Complete',
  S: 'Shipped',
  X: 'Archived',
} as const;
export type ProjectStateCode = keyof typeof projectStateLabels;

export const productionStateLabels = {
  N: 'Not Started',
  CIP: 'Cut In Progress',
  CC: 'Cut Complete',
  S: 'Production',
  I: 'Insert',
  R: 'Ready to Ship',
} as const;
export type ProductionStateCode = keyof typeof productionStateLabels;

/** Customer list ordering of SPEC §4, used for the filter menu. */
export const customerStateOrder: ProjectStateCode[] = ['A', 'PS', 'D', 'R', 'P', 'I', 'C', 'S', 'X'];
/** Internal list ordering of SPEC §4. */
export const internalStateOrder: ProjectStateCode[] = ['D', 'R', 'A', 'P', 'PS', 'I', 'C', 'S', 'X'];

export const readinessLabels = ['Awaiting Fabric & Onsite Visit', 'Awaiting Fabric', 'Awaiting Onsite Visit', 'Ready To Start'] as const;

export function projectStateLabel(code: string | null | undefined): string {
  if (!code) return '';
  return (projectStateLabels as Record<string, string>)[code] ?? code;
}

export function productionStateLabel(code: string | null | undefined): string {
  return (productionStateLabels as Record<string, string>)[code ?? 'N'] ?? code ?? '';
}
