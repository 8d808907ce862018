import type { CopyAvailability } from './commands.js';
import type { DraftBody } from './events.js';
import type { Fabric, LineItem } from './model.js';

/** SPEC §9: a copied project's name is prefixed with this. */
export const COPY_PREFIX = 'COPY OF: ';
/** SPEC §5: unavailable fabrics are replaced by a placeholder of this name at price 0. */
export const PLACEHOLDER_FABRIC_NAME = 'Undecided';

export interface CopiedBody {
  body: DraftBody;
  replacedFabricIds: string[];
  droppedProductIds: number[];
}

/**
 * The body of a new draft copied from `source` (docs/decisions/0010-project-copy.md):
 * unavailable catalogue fabrics become an Undecided placeholder at price 0, items of inactive
 * products are dropped, and nothing of the old order's progress (arrival, payment, shipping
 * cost) is carried over.
 */
export function copyBody(source: DraftBody, availability: CopyAvailability): CopiedBody {
  const replacedFabricIds: string[] = [];
  const droppedProductIds: number[] = [];
  const fabrics = source.fabrics.flatMap((fabric) => {
    const items = fabric.items.filter((item) => {
      const available = isAvailableProduct(item, availability);
      if (!available) droppedProductIds.push(item.product_id);
      return available;
    });
    // A fabric emptied by dropped products would only fail validation, so it goes too.
    if (items.length === 0 && fabric.items.length > 0) return [];
    if (isAvailableFabric(fabric, availability)) return [freshFabric({ ...fabric, items })];
    replacedFabricIds.push(fabric.id);
    return [placeholderFor(fabric, items)];
  });
  const { payment_details: _payment, ...notes } = source.notes;
  return {
    body: {
      name: `${COPY_PREFIX}${source.name}`,
      category: source.category,
      fabrics,
      additional_notes: source.additional_notes,
      notes,
      shipping_notes: source.shipping_notes,
      shipping_cost: 0,
    },
    replacedFabricIds,
    droppedProductIds: [...new Set(droppedProductIds)],
  };
}

const isAvailableProduct = (item: LineItem, availability: CopyAvailability): boolean =>
  item.product_id === 0 || availability.activeProductIds.includes(item.product_id);

/** Fabrics absent from the catalogue map are the customer's own and stay as they are. */
function isAvailableFabric(fabric: Fabric, availability: CopyAvailability): boolean {
  const known = availability.fabrics[fabric.id];
  return known === undefined || (known.active && known.in_stock);
}

function freshFabric(fabric: Fabric): Fabric {
  const { arrived: _arrived, ...rest } = fabric;
  return rest;
}

/** The placeholder's id is derived from the fabric it replaces, so it is unique and repeatable. */
const placeholderFor = (fabric: Fabric, items: LineItem[]): Fabric => ({
  id: `undecided-${fabric.id}`,
  name: PLACEHOLDER_FABRIC_NAME,
  ...(fabric.source === undefined ? {} : { source: fabric.source }),
  unit_price: 0,
  items,
});
