import { OWN_SOURCE, type Fabric, type LineItem, type ProjectDraft } from '../project/model.js';
import { chargedShipping } from './delivery.js';
import { fabricCostPerUnit } from './fabric-price.js';
import { dollarsToCents, priceTotal } from './money.js';
import { taxOn } from './tax.js';

export interface CostDetails {
  labor: number;
  fabric: number;
  subtotal: number;
  tax: number;
  shipping: number;
  remaining: number;
  paid: number;
  total: number;
}

/** Yards one unit takes: its yardage, plus its self_welt when trimmed with a self welt (SPEC §9). */
export function unitYardage(item: LineItem): number {
  return (item.yardage ?? 0) + (item.product_trim === 'S' ? (item.self_welt ?? 0) : 0);
}

/** Yards one line takes: quantity × the yards of one unit (SPEC §9). */
export function lineItemYardage(item: LineItem): number {
  return (item.quantity ?? 0) * unitYardage(item);
}

export function fabricYardage(fabric: Fabric): number {
  return fabric.items.reduce((sum, item) => sum + lineItemYardage(item), 0);
}

/**
 * Only the shop's own fabric is charged: per line, quantity × the rounded cost of one unit, the same
 * rounding the editor's line quote uses, so the project's subtotal is the sum of its lines (SPEC §9, 0025).
 */
export function fabricCost(fabric: Fabric): number {
  if (fabric.source !== OWN_SOURCE) return 0;
  const price = fabric.unit_price ?? 0;
  return fabric.items.reduce((sum, item) => sum + (item.quantity ?? 0) * fabricCostPerUnit(unitYardage(item), price), 0);
}

/** Labour: every item's unit price × quantity; unpriced (TBD) items add nothing yet. */
export function laborCost(fabrics: readonly Fabric[]): number {
  return fabrics.flatMap((f) => f.items).reduce((sum, item) => sum + (priceTotal(item.unit_price, item.quantity) ?? 0), 0);
}

export type CostedProject = Pick<ProjectDraft, 'fabrics' | 'notes' | 'shipping_notes' | 'shipping_cost'>;

export interface PaymentStatus {
  /** True once the project has been paid in full (state P or later). */
  paidInFull: boolean;
}

/**
 * A project's cost details (SPEC §9). Tax is on labour + fabric, never on shipping. With a partial
 * payment the remaining amount comes from the payment details (dollars) and paid is the rest
 * (docs/decisions/0029-cost-details-and-payments.md).
 */
export function costDetails(project: CostedProject, payment: PaymentStatus): CostDetails {
  const labor = laborCost(project.fabrics);
  const fabric = project.fabrics.reduce((sum, f) => sum + fabricCost(f), 0);
  const subtotal = labor + fabric;
  const tax = taxOn(subtotal, {
    postalCode: project.shipping_notes?.shipping_address?.postal_code,
    taxExempt: project.notes?.tax_exempt,
  });
  const shipping = chargedShipping(project.shipping_cost, project.shipping_notes?.delivery_type);
  const total = subtotal + tax + shipping;
  return { labor, fabric, subtotal, tax, shipping, total, ...paidAndRemaining(project, payment, total) };
}

function paidAndRemaining(project: CostedProject, payment: PaymentStatus, total: number) {
  const details = project.notes?.payment_details;
  const remainingDollars = details?.details?.remaining;
  if (details?.partial_payment && remainingDollars !== undefined) {
    const remaining = Math.min(dollarsToCents(remainingDollars), total);
    return { remaining, paid: total - remaining };
  }
  return payment.paidInFull ? { remaining: 0, paid: total } : { remaining: total, paid: 0 };
}

/** Cost details as every answer and screen shows them: null where a price is not known ("Price TBD"). */
export type ShownCost = { [K in keyof CostDetails]: number | null };

/**
 * True when every line item has a unit price (0 included) and every fabric of the shop's own that
 * holds items has a price per yard, so labour and fabric are both known (docs/decisions/0196).
 * A project with no items is not priced either: there is nothing to price yet.
 */
export function isPriced(project: Pick<ProjectDraft, 'fabrics'>): boolean {
  const items = project.fabrics.flatMap((fabric) => fabric.items);
  if (items.length === 0) return false;
  const itemsPriced = items.every((item) => item.unit_price !== null && item.unit_price !== undefined);
  const fabricsPriced = project.fabrics.every((f) => f.source !== OWN_SOURCE || f.items.length === 0 || (f.unit_price !== null && f.unit_price !== undefined));
  return itemsPriced && fabricsPriced;
}

/**
 * The cost details with one rule for unknown money (SPEC §9, issue 39): until the project is
 * priced, labour, fabric, subtotal, tax, total and what remains read null, never a 0 that means
 * "unknown". Shipping (the staff's figure for the delivery chosen) and what was paid are facts
 * and stay numbers.
 */
export function shownCost(project: CostedProject, payment: PaymentStatus): ShownCost {
  return unknownWhereUnpriced(project, costDetails(project, payment));
}

/** Figures already worked out, with what an unpriced project cannot know yet made null. */
export function unknownWhereUnpriced(project: Pick<ProjectDraft, 'fabrics'>, cost: CostDetails): ShownCost {
  if (isPriced(project)) return cost;
  return { ...cost, labor: null, fabric: null, subtotal: null, tax: null, total: null, remaining: null };
}
