import { CUSTOM_PRODUCT_ID } from '../catalogue/product-types.js';
import type { CatalogueProduct } from '../catalogue/schemas.js';
import { isInsertOnlySku } from '../catalogue/sku.js';
import { OWN_SOURCE, type Fabric, type LineItem, type ProjectDraft } from '../project/model.js';
import type { FieldProblem } from '../shared/errors.js';
import { validationMessages } from './messages.js';

/** The placeholder fabric a copied project gets for unavailable fabrics (SPEC §5). */
export const UNDECIDED_FABRIC_NAME = 'Undecided';

/** Staff-facing messages for a quote that cannot be sent yet (SPEC §5 gives the rules, not words). */
export const quoteMessages = {
  unitPrice: 'Please enter a unit price above 0.',
  yardage: 'Please enter a yardage above 0.',
  trimAmount: 'Please enter the amount for the chosen trim.',
  upholstery: 'Please say whether this custom item involves upholstery.',
  fabricPrice: 'Please enter a fabric price above 0.',
  undecidedFabric: 'Please replace the Undecided fabric before sending the quote.',
} as const;

const positive = (value: number | null | undefined) => (value ?? 0) > 0;

/** The trim amount each trim needs: extra yards for a self welt, a price for piping and contrast welt. */
const TRIM_AMOUNT = { S: 'self_welt', P: 'piping', C: 'contrast_welt' } as const;

/**
 * What keeps one item from a complete quote (SPEC §5): unit price and yardage positive, the chosen
 * trim's amount, an upholstery answer for product 0, and a priced fabric when the shop supplies it.
 * Insert-only SKUs (100–149) take no fabric, so they need no yardage (docs/decisions/0022).
 */
export function quoteItemGaps(
  item: LineItem,
  fabric: Fabric,
  products: readonly CatalogueProduct[],
  path: string,
): FieldProblem[] {
  const gap = (field: string, message: string): FieldProblem => ({ field: `${path}.${field}`, message });
  const gaps: FieldProblem[] = [];
  if (!positive(item.unit_price)) gaps.push(gap('unit_price', quoteMessages.unitPrice));
  if (!positive(item.yardage) && !takesNoFabric(item, products)) gaps.push(gap('yardage', quoteMessages.yardage));
  const trimField = item.product_trim ? TRIM_AMOUNT[item.product_trim] : null;
  if (trimField && !positive(item[trimField])) gaps.push(gap(trimField, quoteMessages.trimAmount));
  if (item.product_id === CUSTOM_PRODUCT_ID && (item.has_upholstery ?? null) === null)
    gaps.push(gap('has_upholstery', quoteMessages.upholstery));
  if ((fabric.source === OWN_SOURCE || item.source === OWN_SOURCE) && !positive(fabric.unit_price))
    gaps.push(gap('unit_price', quoteMessages.fabricPrice));
  return gaps;
}

function takesNoFabric(item: LineItem, products: readonly CatalogueProduct[]): boolean {
  const product = products.find((p) => p.product_id === item.product_id);
  return product !== undefined && isInsertOnlySku(product.sku);
}

/**
 * Every gap in a project's quote. A fabric still named Undecided blocks the quote whatever its
 * source (docs/decisions/0027); every group must hold items; item gaps sit under `fabrics.i.items.j`.
 */
export function quoteGaps(draft: Pick<ProjectDraft, 'fabrics'>, products: readonly CatalogueProduct[]): FieldProblem[] {
  if (draft.fabrics.length === 0) return [{ field: 'fabrics', message: validationMessages.projectFabrics }];
  return draft.fabrics.flatMap((fabric, i) => fabricGaps(fabric, products, `fabrics.${i}`));
}

function fabricGaps(fabric: Fabric, products: readonly CatalogueProduct[], path: string): FieldProblem[] {
  const gaps: FieldProblem[] = [];
  if (fabric.name?.trim() === UNDECIDED_FABRIC_NAME) gaps.push({ field: `${path}.name`, message: quoteMessages.undecidedFabric });
  if (fabric.items.length === 0) gaps.push({ field: `${path}.items`, message: validationMessages.fabricItems });
  fabric.items.forEach((item, j) => gaps.push(...quoteItemGaps(item, fabric, products, `${path}.items.${j}`)));
  return gaps;
}

export function isQuoteItemComplete(item: LineItem, fabric: Fabric, products: readonly CatalogueProduct[]): boolean {
  return quoteItemGaps(item, fabric, products, 'item').length === 0;
}

export function isQuoteComplete(draft: Pick<ProjectDraft, 'fabrics'>, products: readonly CatalogueProduct[]): boolean {
  return quoteGaps(draft, products).length === 0;
}
