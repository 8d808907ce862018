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

/** The staff detail page's panels that can lead it. */
export type LeadPanel = 'pricing' | 'workflow';

/**
 * The panel holding the work of the moment, put at the top of the staff page (issue 53): pricing
 * while a project is in review, the production and shipping panel from approval until it ships;
 * none (the usual order) for drafts and for shipped or archived projects.
 */
export function leadPanelFor(state: InternalProject['state']): LeadPanel | null {
  if (state === 'R') return 'pricing';
  if (state === 'A' || state === 'P' || state === 'I' || state === 'PS' || state === 'C') return 'workflow';
  return null;
}
