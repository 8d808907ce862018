import { shownCost, type ProjectState, type ShownCost } from '@shop/domain';
import type { InternalProject } from '../api/internal-projects';

/** States in which the customer has paid (SPEC §4: paid onwards). */
const PAID_STATES: readonly ProjectState[] = ['P', 'I', 'PS', 'C', 'S'];

/**
 * The project's cost details: the server's when it sent them, else computed by the domain from the
 * project (null where it is not priced yet), counting it paid in full once it is past payment with nothing remaining.
 */
export function projectCost(project: InternalProject): ShownCost {
  return project.cost ?? shownCost(project, { paidInFull: PAID_STATES.includes(project.state) && (project.balance_remaining ?? 0) === 0 });
}
