import { OWN_SOURCE, type Fabric, type LineItem, type ProductTypeCode } from '@shop/domain';

/**
 * Where the shop's drawings live (web/public/static, served with a long cache). A style's picture
 * is named after the style, as the catalogue's `display_imgs` name it; a shop fabric's swatch after
 * its catalogue id. Pages that do not load the catalogue (summary, checkout, staff detail) can
 * draw the pictures from the line item alone.
 */
const PRODUCTS = '/static/products';
const FABRICS = '/static/fabrics';

/** The style drawn for a type whose item has no style chosen yet (and for the landing cards). */
export const typePictureStyle: Record<ProductTypeCode, string> = {
  P: 'Alex',
  C: 'Andie',
  B: 'Bench Seat',
  CR: 'Pinch Pleat',
  O: 'Square Ottoman',
  H: 'Panel Headboard',
  BQ: 'Straight Banquette',
  R: 'Reupholstery',
  X: 'Custom',
};

const slug = (style: string) =>
  style
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

export function stylePicture(style: string): string {
  return `${PRODUCTS}/${slug(style)}.svg`;
}

export function typePicture(type: ProductTypeCode): string {
  return stylePicture(typePictureStyle[type]);
}

/** The chosen style's picture, else its type's. */
export function itemPicture(item: Pick<LineItem, 'product_style' | 'product_type'>): string {
  if (item.product_style) return stylePicture(item.product_style);
  const type = item.product_type as ProductTypeCode | undefined;
  return typePicture(type && type in typePictureStyle ? type : 'X');
}

/** A shop fabric's swatch (its sku is the catalogue id); the customer's own fabric has one drawing. */
export function fabricSwatch(fabric: Pick<Fabric, 'source' | 'sku'>): string {
  if (fabric.source === OWN_SOURCE && fabric.sku) return `${FABRICS}/${fabric.sku.toLowerCase()}.svg`;
  return OWN_FABRIC_SWATCH;
}

export const OWN_FABRIC_SWATCH = `${FABRICS}/own.svg`;
