import { existsSync } from 'node:fs';
import path from 'node:path';
import { OWN_SOURCE, productTypeDisplayNames, seedFabrics, seedProducts, type ProductTypeCode } from '@shop/domain';
import { describe, expect, it } from 'vitest';
import { fabricSwatch, itemPicture, OWN_FABRIC_SWATCH, stylePicture, typePicture } from './pictures';

const publicDir = path.resolve(__dirname, '../../public');
const exists = (url: string) => existsSync(path.join(publicDir, url));

describe('pictures', () => {
  it('names every catalogue style the way the catalogue names its picture', () => {
    for (const product of seedProducts) expect(stylePicture(product.product_style)).toBe(product.display_imgs.preview_img);
  });

  it('has a drawing for every type and a swatch for every catalogue fabric', () => {
    for (const type of Object.keys(productTypeDisplayNames) as ProductTypeCode[]) expect(exists(typePicture(type)), type).toBe(true);
    for (const fabric of seedFabrics) {
      const swatch = fabricSwatch({ source: OWN_SOURCE, sku: fabric.id });
      expect(swatch).toBe(fabric.image);
      expect(exists(swatch), fabric.id).toBe(true);
    }
    expect(exists(OWN_FABRIC_SWATCH)).toBe(true);
  });

  it("falls back to the type's drawing, and to the plain swatch for the customer's fabric", () => {
    expect(itemPicture({ product_type: 'CR' })).toBe('/static/products/pinch-pleat.svg');
    expect(itemPicture({ product_type: 'CR', product_style: 'Ripplefold' })).toBe('/static/products/ripplefold.svg');
    expect(itemPicture({})).toBe('/static/products/custom.svg');
    expect(fabricSwatch({ source: 'customer', sku: 'F-LIN-NAT' })).toBe(OWN_FABRIC_SWATCH);
  });
});
