/** New York City sales tax, 8.875% (SPEC §9), kept as a fraction of integers so cents stay exact. */
export const TAX_RATE = 0.08875;
const TAX_NUMERATOR = 8875;
const TAX_DENOMINATOR = 100000;

/**
 * The tax area: ZIP codes of the five boroughs, by their first three digits
 * (docs/decisions/0028-tax-area.md): Manhattan 100–102, Staten Island 103, Bronx 104,
 * Queens 110, 111, 113, 114, 116, Brooklyn 112.
 */
export const TAX_AREA_ZIP_PREFIXES: readonly string[] = ['100', '101', '102', '103', '104', '110', '111', '112', '113', '114', '116'];

/** A five-digit ZIP (optionally ZIP+4) whose first three digits are in the tax area. */
export function isInTaxArea(postalCode: string | null | undefined): boolean {
  const zip = postalCode?.trim() ?? '';
  return /^\d{5}(-\d{4})?$/.test(zip) && TAX_AREA_ZIP_PREFIXES.includes(zip.slice(0, 3));
}

export interface TaxContext {
  postalCode: string | null | undefined;
  taxExempt: boolean | undefined;
}

/** 8.875% of the subtotal, rounded to the cent, only in the tax area and when not tax exempt (SPEC §9). */
export function taxOn(subtotalCents: number, context: TaxContext): number {
  if (context.taxExempt || !isInTaxArea(context.postalCode)) return 0;
  return Math.round((subtotalCents * TAX_NUMERATOR) / TAX_DENOMINATOR);
}
