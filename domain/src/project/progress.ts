import type { ProjectState } from './model.js';

/** SPEC §4 progress step lists, shown on the customer's project summary. */
export const quoteSteps = ['Design', 'Quote', 'Checkout'] as const;
export const orderSteps = ['Checkout', 'Production', 'Shipment'] as const;
export const orderAwaitingFabricSteps = ['Checkout', 'Awaiting Fabric', 'Production', 'Shipment'] as const;

export type ProgressStep = (typeof orderAwaitingFabricSteps)[number] | (typeof quoteSteps)[number];

export interface Progress {
  steps: readonly ProgressStep[];
  /** Index of the step the project is at; null for an archived project, which is on no step. */
  current: number | null;
  /** True once the last step is done (shipped). */
  done: boolean;
}

/**
 * Which list and step a project shows (docs/decisions/0011-progress-steps.md): before payment the
 * quote list; after payment the order list, with an Awaiting Fabric step while fabric is missing.
 */
export function progressSteps(project: { state: ProjectState; fabric_arrived: boolean }): Progress {
  const { state } = project;
  if (state === 'X') return { steps: quoteSteps, current: null, done: false };
  if (state === 'D' || state === 'R' || state === 'A') return { steps: quoteSteps, current: quoteSteps.indexOf(quoteStep(state)), done: false };
  const steps = project.fabric_arrived ? orderSteps : orderAwaitingFabricSteps;
  const step = orderStep(state, project.fabric_arrived);
  return { steps, current: (steps as readonly ProgressStep[]).indexOf(step), done: state === 'S' };
}

const quoteStep = (state: 'D' | 'R' | 'A') => ({ D: 'Design', R: 'Quote', A: 'Checkout' } as const)[state];

function orderStep(state: 'P' | 'PS' | 'I' | 'C' | 'S', fabricArrived: boolean): ProgressStep {
  if (state === 'C' || state === 'S') return 'Shipment';
  if (state === 'I') return 'Production';
  return fabricArrived ? 'Production' : 'Awaiting Fabric';
}
