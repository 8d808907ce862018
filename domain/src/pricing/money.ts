/** Money is integer cents everywhere (SPEC §9); these are the shared roundings and formats. */

export const PRICE_TBD = 'Price TBD';

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** USD from cents; a missing price shows 'Price TBD' and a zero price shows $0.00 (SPEC §9). */
export function formatPrice(cents: number | null | undefined): string {
  return cents === null || cents === undefined ? PRICE_TBD : usd.format(cents / 100);
}

/**
 * A line's total: unit price × quantity when the unit price is above 0; a zero unit price is a
 * price of 0; a missing one stays missing (TBD).
 */
export function priceTotal(unitPrice: number | null | undefined, quantity: number | null | undefined): number | null {
  if (unitPrice === null || unitPrice === undefined) return null;
  return unitPrice > 0 ? unitPrice * (quantity ?? 0) : 0;
}

export const PRICE_STEP_CENTS = 500;

/** Prices are rounded up to the next 500 cents ($5); an exact multiple stays as it is. */
export function roundUpToNext500(cents: number): number {
  return Math.ceil(cents / PRICE_STEP_CENTS) * PRICE_STEP_CENTS;
}

/** Dollars (as payment details hold them) to cents, rounded to the cent. */
export function dollarsToCents(dollars: number): number {
  return Math.round(dollars * 100);
}
