import type { DeliveryType, ProductionState, ProjectDraft, ProjectState } from '@shop/domain';
import type { InternalUpdateBody } from '@shop/command-api';
import { pricedFabrics, shippingCostFor } from './drafts.js';
import type { DemoRandom } from './random.js';

/** What one step of a project's life asks of the command side. */
export type ProjectAction =
  | { type: 'create'; draft: ProjectDraft; organizationId: string | null }
  | { type: 'edit'; quantityBump: number }
  | { type: 'submit' }
  | { type: 'staff'; body: InternalUpdateBody }
  | { type: 'pay'; by: 'customer' | 'staff'; deposit: boolean }
  | { type: 'note'; text: string };

export interface Move {
  /** Unique within the project; with the project's id it names the step's correlation id. */
  name: string;
  /** Hours after the previous move. */
  gap: number;
  by: 'customer' | 'staff';
  action: ProjectAction;
}

const HOUR = 1;
const DAY = 24 * HOUR;
const PRODUCTION_STATES: readonly ProductionState[] = ['CIP', 'CC', 'S', 'I', 'R'];

/**
 * A project's moves from creation up to its target state, in the order the shop allows them
 * (docs/decisions/0002): drafted, submitted, priced and approved by staff, paid (sometimes a
 * deposit first), made, sometimes paused, completed and shipped, or archived on the way.
 */
export function lifecycle(random: DemoRandom, target: ProjectState, draft: ProjectDraft, organizationId: string | null): Move[] {
  const moves: Move[] = [];
  const add = (name: string, gap: number, by: Move['by'], action: ProjectAction) => moves.push({ name, gap, by, action });
  add('create', 0, 'customer', { type: 'create', draft, organizationId });
  if (random.chance(0.3)) add('edit', random.between(2 * HOUR, 2 * DAY), 'customer', { type: 'edit', quantityBump: 1 });
  if (target === 'D') return moves;
  add('submit', random.between(2 * HOUR, 4 * DAY), 'customer', { type: 'submit' });
  const archivedInReview = target === 'X' && random.chance(0.4);
  if (target === 'R' || archivedInReview) return archived(random, moves, target);
  quote(random, draft, add);
  if (target === 'A' || target === 'X') return archived(random, moves, target);
  return paidAndMade(random, target, draft.shipping_notes?.delivery_type, moves, add);
}

type Add = (name: string, gap: number, by: Move['by'], action: ProjectAction) => void;

function archived(random: DemoRandom, moves: Move[], target: ProjectState): Move[] {
  if (target !== 'X') return moves;
  const reason = random.pick(['The customer chose another supplier.', 'Budget put on hold by the customer.', 'Duplicate of another project.']);
  moves.push({ name: 'archive', gap: random.between(7 * DAY, 30 * DAY), by: 'staff', action: { type: 'staff', body: { state: 'X', reason } } });
  return moves;
}

function quote(random: DemoRandom, draft: ProjectDraft, add: Add): void {
  const fabrics = pricedFabrics(random, draft.fabrics);
  const weeks = random.chance(0.4) ? { production_time: random.int(2, 8) } : {};
  add('price', random.between(4 * HOUR, 3 * DAY), 'staff', { type: 'staff', body: { fabrics, shipping_cost: shippingCostFor(random, draft.shipping_notes?.delivery_type), ...weeks } });
  add('approve', random.between(1 * HOUR, 1 * DAY), 'staff', { type: 'staff', body: { state: 'A' } });
  if (random.chance(0.2)) add('note', random.between(1 * HOUR, 2 * DAY), 'staff', { type: 'note', text: random.pick(NOTES) });
}

const NOTES = ['Customer called about swatches; sent two alternatives.', 'Confirmed measurements on the phone.', 'Rush requested, told them lead time holds.', 'Fabric on backorder at the mill, ETA next week.'];

function paidAndMade(random: DemoRandom, target: ProjectState, delivery: DeliveryType | undefined, moves: Move[], add: Add): Move[] {
  const deposit = random.chance(0.35);
  const by = random.chance(0.75) ? 'customer' : 'staff';
  add('pay', random.between(2 * HOUR, 5 * DAY), by, { type: 'pay', by, deposit });
  if (target === 'P' || (target === 'PS' && random.chance(0.5))) return settleAndPause(random, target, deposit, moves, add);
  add('fabric-arrived', random.between(1 * DAY, 7 * DAY), 'staff', { type: 'staff', body: { fabric_arrived: true } });
  if (delivery === 3) add('onsite', random.between(1 * DAY, 4 * DAY), 'staff', { type: 'staff', body: { onsite_complete: true } });
  add('start', random.between(1 * DAY, 5 * DAY), 'staff', { type: 'staff', body: { state: 'I' } });
  const finished = target === 'C' || target === 'S';
  const steps = finished ? PRODUCTION_STATES.length : random.int(0, PRODUCTION_STATES.length - 1);
  PRODUCTION_STATES.slice(0, steps).forEach((state, index) => {
    add(`production-${state}`, random.between(2 * DAY, 5 * DAY), 'staff', { type: 'staff', body: { production_state: state } });
    if (index === 1 && finished && random.chance(0.2)) pauseAndResume(random, add);
  });
  if (!finished) return settleAndPause(random, target, deposit, moves, add);
  if (deposit) add('pay-balance', random.between(1 * DAY, 4 * DAY), 'customer', { type: 'pay', by: 'customer', deposit: false });
  add('complete', random.between(1 * DAY, 3 * DAY), 'staff', { type: 'staff', body: { state: 'C' } });
  if (target === 'S') add('ship', random.between(1 * DAY, 6 * DAY), 'staff', { type: 'staff', body: { state: 'S', ...tracking(random, delivery) } });
  return moves;
}

/** Projects still in the workroom: some settle a deposit's balance early; PS ones end paused. */
function settleAndPause(random: DemoRandom, target: ProjectState, deposit: boolean, moves: Move[], add: Add): Move[] {
  if (deposit && random.chance(0.3)) add('pay-balance', random.between(2 * DAY, 10 * DAY), 'customer', { type: 'pay', by: 'customer', deposit: false });
  if (target === 'PS') add('pause', random.between(2 * DAY, 10 * DAY), 'staff', { type: 'staff', body: { state: 'PS', message: random.pick(PAUSES) } });
  return moves;
}

const PAUSES = ['Waiting for the customer to confirm the fabric colour.', 'Customer asked to hold until their renovation is done.', 'On hold: trim fabric not yet received.'];

function pauseAndResume(random: DemoRandom, add: Add): void {
  add('pause', random.between(1 * DAY, 3 * DAY), 'staff', { type: 'staff', body: { state: 'PS', message: random.pick(PAUSES) } });
  add('unpause', random.between(5 * DAY, 15 * DAY), 'staff', { type: 'staff', body: { state: 'I', message: 'Back in production.' } });
}

function tracking(random: DemoRandom, delivery: DeliveryType | undefined): Pick<InternalUpdateBody, 'carrier' | 'tracking_number'> {
  if (delivery !== 0) return {};
  const carrier = random.pick(['ups', 'usps', 'fedex'] as const);
  const digits = Array.from({ length: 12 }, () => random.int(0, 9)).join('');
  return { carrier, tracking_number: carrier === 'ups' ? `1Z${digits}` : digits };
}
