import { MAX_PRODUCTION_TIME, MIN_PRODUCTION_TIME } from '@shop/domain';
import { formatDate } from '../../../lib/format';
import { type InternalProject, type InternalUpdate } from '../api/internal-projects';

/** Small formatting helpers shared by the staff detail panels. */

export const productionWeeks = Array.from({ length: MAX_PRODUCTION_TIME - MIN_PRODUCTION_TIME + 1 }, (_, i) => MIN_PRODUCTION_TIME + i);

export const dollars = (cents: number | null | undefined) => (cents === null || cents === undefined ? '' : String(cents / 100));
export const toCents = (text: string) => (text.trim() === '' ? null : Math.round(Number(text) * 100));
export const toNumber = (text: string) => (text.trim() === '' ? null : Number(text));
export const dateTime = (iso: string) => {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : `${formatDate(d)} ${d.toTimeString().slice(0, 5)}`;
};

/** Saves a staff update of the project; answers whether it succeeded (the page shows the outcome). */
export type Save = (body: InternalUpdate, done: string) => Promise<boolean>;
/** Runs a staff action that answers the updated project. */
export type Act = (action: () => Promise<InternalProject>, done: string) => Promise<boolean>;

/** The staff detail page's panels, by their titles. */
export type PanelTitle = 'Production' | 'Quote' | 'Pricing' | 'Details' | 'Card payments' | 'Customer e-mails' | 'Notes' | 'Activity log' | 'Audit log';

/** The page's usual order, after the work of the moment. */
export const panelOrder: readonly PanelTitle[] = ['Quote', 'Pricing', 'Details', 'Production', 'Card payments', 'Customer e-mails', 'Notes', 'Activity log', 'Audit log'];

/**
 * Open in every state: the quote and notes are short and read at any step, the activity log is the
 * project's story; the card payments are a line each, and a failed capture must not hide (decision 0380).
 */
const alwaysOpen: readonly PanelTitle[] = ['Quote', 'Card payments', 'Notes', 'Activity log'];

/**
 * The panels holding the work of the moment, in the order the work goes (issue 53, decision 0318):
 * a draft's details and prices; pricing then approval in review; approval's payment and invoice;
 * production from payment to completion (shipping is its state change), with the pause and unpause
 * mails while in progress or paused; nothing for shipped or archived projects.
 */
const workOfTheMoment: Record<InternalProject['state'], readonly PanelTitle[]> = {
  D: ['Details', 'Pricing', 'Production'],
  R: ['Pricing', 'Details', 'Production'],
  A: ['Production', 'Details', 'Customer e-mails'],
  P: ['Production'],
  I: ['Production', 'Customer e-mails'],
  PS: ['Production', 'Customer e-mails'],
  C: ['Production'],
  S: [],
  X: [],
};

/** The staff page's panels for a state: the work of the moment first, then the rest in the usual order; which are open. */
export function panelPlan(state: InternalProject['state']): { order: PanelTitle[]; open: Set<PanelTitle> } {
  const work = workOfTheMoment[state];
  return {
    order: [...work, ...panelOrder.filter((title) => !work.includes(title))],
    open: new Set([...work, ...alwaysOpen]),
  };
}
