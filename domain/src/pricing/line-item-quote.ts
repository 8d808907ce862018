import { matchItemProduct } from '../catalogue/item-product-match.js';
import type { CatalogueProduct } from '../catalogue/schemas.js';
import { isInsertOnlySku } from '../catalogue/sku.js';
import { OWN_SOURCE, type Dimensions, type Fabric, type LineItem } from '../project/model.js';
import { longCushionSurcharge, sizedInsertPrice } from './cushion-pricing.js';
import { customSizeFabricCost, customSizeYardage, fixedSizeFabricCost, surfaceArea } from './fabric-price.js';
import { priceTotal, roundUpToNext500 } from './money.js';

export interface LineItemQuote {
  product_id: number;
  sku: string;
  /** Labour per unit: catalogue price with its add-ons, rounded up to the next 500 cents. */
  unitLabor: number;
  /** Yards of fabric one unit takes (what the editor stores as the item's yardage). */
  yardage: number;
  /** Fabric per unit when the shop supplies it; 0 for the customer's own fabric. */
  fabricPerUnit: number;
  unitPrice: number;
  total: number;
}

/**
 * The live price the editor shows for one line item (docs/decisions/0025). Null means 'Price TBD':
 * no product matched, the product is priced by staff (custom, reupholstery), or the shop's fabric
 * has no price yet. The catalogue is passed whole because custom sizes are matched to a CUST SKU.
 */
export function quoteLineItem(
  item: LineItem,
  fabric: Pick<Fabric, 'source' | 'unit_price'> | undefined,
  products: readonly CatalogueProduct[],
): LineItemQuote | null {
  const match = matchItemProduct(item, products);
  if (match.kind !== 'matched') return null;
  const { product, dimensions, custom } = match;
  if (product.unit_price === null) return null;
  const labor = laborPerUnit(product, product.unit_price, item, dimensions);
  const yardage = isInsertOnlySku(product.sku) ? 0 : custom ? customSizeYardage(surfaceArea(dimensions)) : (product.yardage ?? 0);
  const fabricPerUnit = fabricCostPerUnit(fabric, item, yardage, custom ? surfaceArea(dimensions) : null);
  if (fabricPerUnit === null) return null;
  const unitLabor = roundUpToNext500(labor);
  const unitPrice = unitLabor + fabricPerUnit;
  const total = priceTotal(unitPrice, item.quantity) ?? 0;
  return { product_id: product.product_id, sku: product.sku, unitLabor, yardage, fabricPerUnit, unitPrice, total };
}

/**
 * Whether the editor's estimate of this line leaves out fabric the workroom adds when pricing: a
 * self welt sewn from the shop's fabric takes welt yardage that only staff measure (SPEC §9's
 * `self_welt`), so the quote is higher by that fabric (docs/decisions/0200). The editor says so.
 */
export function estimateLeavesOutWeltFabric(item: LineItem, fabric: Pick<Fabric, 'source'> | undefined): boolean {
  return item.product_trim === 'S' && (fabric?.source === OWN_SOURCE || item.source === OWN_SOURCE);
}

/** The editor's one number: the line total in cents, or null for 'Price TBD'. */
export function quoteLineItemPrice(
  item: LineItem,
  fabric: Pick<Fabric, 'source' | 'unit_price'> | undefined,
  products: readonly CatalogueProduct[],
): number | null {
  return quoteLineItem(item, fabric, products)?.total ?? null;
}

/**
 * Catalogue price + insert + trim + velcro/tiebacks/cleats + long-cushion surcharge, before rounding.
 * An offered add-on without a price key is included in the price (docs/decisions/0023).
 * Contrast welt is sewn like piping, so it takes the piping price.
 */
function laborPerUnit(product: CatalogueProduct, base: number, item: LineItem, dims: Dimensions): number {
  const prices = product.prices;
  const insert = item.insert && item.insert !== 'none' ? item.insert : null;
  const insertPrice = sizedInsertPrice(product.sku, item.insert, dims) ?? (insert ? (prices[insert] ?? 0) : 0);
  const trim = { P: prices.piping, C: prices.piping, S: prices.self_welt };
  const trimPrice = item.product_trim ? (trim[item.product_trim] ?? 0) : 0;
  const extras =
    (item.include_velcro && product.product_include_velcro ? (prices.velcro ?? 0) : 0) +
    (item.include_tiebacks && product.product_include_tiebacks ? (prices.tiebacks ?? 0) : 0) +
    (item.include_cleats && product.product_include_cleats ? (prices.cleats ?? 0) : 0);
  return base + insertPrice + trimPrice + extras + longCushionSurcharge(product.sku, dims.length);
}

/** Custom sizes cost area × 0.000771605 × price, fixed sizes yardage × price; only the shop's fabric is charged. */
function fabricCostPerUnit(
  fabric: Pick<Fabric, 'source' | 'unit_price'> | undefined,
  item: LineItem,
  yardage: number,
  customArea: number | null,
): number | null {
  const shopSupplied = fabric?.source === OWN_SOURCE || item.source === OWN_SOURCE;
  if (!shopSupplied || yardage === 0) return 0;
  const price = fabric?.unit_price ?? 0;
  if (price <= 0) return null;
  return customArea === null ? fixedSizeFabricCost(yardage, price) : customSizeFabricCost(customArea, price);
}
