import type { LineItem } from '../project/model.js';
import type { CatalogueProduct } from './schemas.js';

/**
 * Choosing a style (SPEC §4): the other line-item choices are reset, then the style's own rule
 * applies — Patty fills with quilted down, Ruby with foam, Wei and Val are 1 inch high.
 * Kept across the change: type, quantity, name, description, images, source and upholstery flag,
 * which describe the order rather than the style.
 */
export function chooseStyle(item: LineItem, style: string, products: readonly CatalogueProduct[]): LineItem {
  const reset: LineItem = {
    product_id: firstProductIdOfStyle(item, style, products),
    product_type: item.product_type,
    product_style: style,
    quantity: item.quantity,
    name: item.name,
    description: item.description,
    images: item.images,
    source: item.source,
    has_upholstery: item.has_upholstery,
    insert: null,
    product_trim: undefined,
    size: null,
    dimensions: {},
    include_velcro: false,
    include_tiebacks: false,
    include_cleats: false,
  };
  return applyStyleRule(dropUndefined(reset), style);
}

/** The rule a style carries on its own (SPEC §4). */
export function applyStyleRule(item: LineItem, style: string): LineItem {
  switch (style) {
    case 'Patty':
      return { ...item, insert: 'ql_down' };
    case 'Ruby':
      return { ...item, insert: 'foam' };
    case 'Wei':
    case 'Val':
      return { ...item, dimensions: { ...item.dimensions, height: 1 } };
    default:
      return item;
  }
}

function firstProductIdOfStyle(item: LineItem, style: string, products: readonly CatalogueProduct[]): number {
  const ofStyle = products
    .filter((p) => p.is_active && p.product_style === style && (!item.product_type || p.product_type === item.product_type))
    .sort((a, b) => a.product_id - b.product_id);
  return ofStyle[0]?.product_id ?? item.product_id;
}

/** Keeps "not chosen" (absent) distinct from "none" (null) for the trim (docs/decisions/0023). */
function dropUndefined(item: LineItem): LineItem {
  return Object.fromEntries(Object.entries(item).filter(([, value]) => value !== undefined)) as LineItem;
}
