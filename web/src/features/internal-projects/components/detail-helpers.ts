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
