import type { CatalogueProduct } from '../catalogue/schemas.js';
import type { Fabric, ProjectDraft } from '../project/model.js';
import type { FieldProblem } from '../shared/errors.js';
import { validateLineItem } from './line-item.js';
import { validationMessages as m } from './messages.js';
import { validateShippingNotes } from './shipping.js';

/** One fabric group: a name, at least one item, and every item's problems. */
export function validateFabricEntry(fabric: Fabric, products: readonly CatalogueProduct[], path: string): FieldProblem[] {
  const problems: FieldProblem[] = [];
  if (!fabric.name?.trim()) problems.push({ field: `${path}.name`, message: m.fabricName });
  if (fabric.items.length === 0) problems.push({ field: `${path}.items`, message: m.fabricItems });
  fabric.items.forEach((item, i) => problems.push(...validateLineItem(item, products, `${path}.items.${i}`)));
  return problems;
}

/** The whole project before it goes for review: at least one fabric, every fabric valid. */
export function validateProjectDraft(
  draft: Pick<ProjectDraft, 'fabrics'>,
  products: readonly CatalogueProduct[],
): FieldProblem[] {
  if (draft.fabrics.length === 0) return [{ field: 'fabrics', message: m.projectFabrics }];
  return draft.fabrics.flatMap((fabric, i) => validateFabricEntry(fabric, products, `fabrics.${i}`));
}

/** At checkout the shipping address must be complete too (unless picked up). */
export function validateProjectForCheckout(
  draft: Pick<ProjectDraft, 'fabrics' | 'shipping_notes'>,
  products: readonly CatalogueProduct[],
): FieldProblem[] {
  return [...validateProjectDraft(draft, products), ...validateShippingNotes(draft.shipping_notes)];
}
