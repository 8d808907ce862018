import { LEATHER_FABRIC_TYPE } from '../catalogue/categories.js';
import type { CatalogueFabric } from '../catalogue/schemas.js';
import type { Dimensions } from '../project/model.js';

/** Leather is priced per square foot; 18 of them make the yard we sell by (SPEC §9). */
export const LEATHER_PRICE_FACTOR = 18;
/** The shop's markup on the fabric it supplies (SPEC §9, docs/decisions/0024). */
export const FABRIC_MARKUP = 1.1;
/** Square inches to square yards (1 / 1296), as SPEC §9 writes it. */
export const SQUARE_INCHES_TO_YARDS = 0.000771605;

/** To the nearest half or whole dollar: 50 cents. */
export function roundToHalfDollar(cents: number): number {
  return Math.round(cents / 50) * 50;
}

/**
 * The price per yard the shop charges for a catalogue fabric: leather × 18 first, then the 1.1 markup,
 * rounded to a half or whole dollar. The editor writes it into the project's fabric `unit_price`.
 */
export function fabricPricePerYard(fabric: Pick<CatalogueFabric, 'fabric_type' | 'unit_price'>): number {
  const perYard = fabric.fabric_type === LEATHER_FABRIC_TYPE ? fabric.unit_price * LEATHER_PRICE_FACTOR : fabric.unit_price;
  return roundToHalfDollar(perYard * FABRIC_MARKUP);
}

/** Surface area 2(lw + lh + wh) in square inches; a missing dimension counts as 0 (SPEC §9). */
export function surfaceArea(dimensions: Dimensions): number {
  const l = dimensions.length ?? 0;
  const w = dimensions.width ?? 0;
  const h = dimensions.height ?? 0;
  return 2 * (l * w + l * h + w * h);
}

/** Yards of fabric a custom size takes: its surface area in square yards. */
export function customSizeYardage(areaSquareInches: number): number {
  return areaSquareInches * SQUARE_INCHES_TO_YARDS;
}

/**
 * The one fabric rounding (docs/decisions/0025): the shop's fabric is charged per unit, yards × price
 * rounded to the cent once per unit, and a line takes quantity × that. The editor's line quote and the
 * project's cost details both go through here, so a project's total is the sum of its lines.
 */
export function fabricCostPerUnit(yardsPerUnit: number, pricePerYard: number): number {
  return Math.round(yardsPerUnit * pricePerYard);
}

/** Custom sizes: area × 0.000771605 × fabric price, to the cent (SPEC §9). */
export function customSizeFabricCost(areaSquareInches: number, pricePerYard: number): number {
  return fabricCostPerUnit(customSizeYardage(areaSquareInches), pricePerYard);
}

/** Fixed sizes: yardage × fabric price, to the cent (SPEC §9). */
export function fixedSizeFabricCost(yardage: number, pricePerYard: number): number {
  return fabricCostPerUnit(yardage, pricePerYard);
}
