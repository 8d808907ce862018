import { describe, expect, it } from 'vitest';
import { requiredDimensions } from './dimension-limits.js';
import { buildFabricsResponse, buildProductsResponse, isAvailableFabric } from './responses.js';
import { LEATHER_FABRIC_TYPE } from './schemas.js';
import { seedFabrics, seedProducts } from './seed.js';
import { isCustomSku, isInsertOnlySku, skuSizeCode } from './sku.js';
import { stylesByType } from './styles.js';
import { productTypeCodes } from './product-types.js';

describe('seed catalogue', () => {
  it('has product 0 as the custom placeholder of type X', () => {
    expect(seedProducts.find((p) => p.product_id === 0)).toMatchObject({ product_type: 'X', product_style: 'Custom' });
  });
  it('has unique product ids and SKUs', () => {
    expect(new Set(seedProducts.map((p) => p.product_id)).size).toBe(seedProducts.length);
    expect(new Set(seedProducts.map((p) => p.sku)).size).toBe(seedProducts.length);
  });
  it('has an active product for every style of every type', () => {
    for (const type of productTypeCodes)
      for (const style of stylesByType[type])
        expect(seedProducts.some((p) => p.is_active && p.product_type === type && p.product_style === style), `${type} ${style}`).toBe(true);
  });
  it('lists on each product the dimensions its family requires', () => {
    for (const p of seedProducts) expect(p.product_dimensions, p.sku).toEqual(requiredDimensions(p.product_type, p.product_style));
  });
  it('gives custom SKUs a size code and no fixed size', () => {
    const customs = seedProducts.filter((p) => isCustomSku(p.sku));
    expect(customs.length).toBeGreaterThan(20);
    for (const p of customs) {
      expect(skuSizeCode(p.sku), p.sku).toBeGreaterThan(0);
      expect(p.size).toBeNull();
    }
  });
  it('gives fixed sizes a yardage', () => {
    for (const p of seedProducts.filter((x) => x.size !== null)) expect(p.yardage, p.sku).not.toBeNull();
  });
  it('uses the default note title and placeholder', () => {
    for (const p of seedProducts) {
      expect(p.additional_notes_title).toBe('Additional Details');
      expect(p.additional_notes_placeholder).toBe('Please provide any specific notes regarding this item (optional)');
    }
  });
  it('includes inactive products and insert-only SKUs from 100 to 149', () => {
    expect(seedProducts.filter((p) => !p.is_active).length).toBeGreaterThanOrEqual(2);
    expect(seedProducts.filter((p) => isInsertOnlySku(p.sku)).every((p) => p.product_style === 'Insert Only')).toBe(true);
  });
  it('has leather, inactive and out-of-stock fabrics', () => {
    expect(seedFabrics.some((f) => f.fabric_type === LEATHER_FABRIC_TYPE)).toBe(true);
    expect(seedFabrics.some((f) => !f.active || !f.is_active)).toBe(true);
    expect(seedFabrics.some((f) => !f.in_stock)).toBe(true);
  });
});

describe('catalogue responses', () => {
  it('products response: active products, styles grouped by type, served categories', () => {
    const res = buildProductsResponse(seedProducts);
    expect(res.products.every((p) => p.is_active)).toBe(true);
    expect(res.products.some((p) => p.sku === 'PAL1616')).toBe(false);
    expect(res.types.P).toEqual(['Alex', 'Bobbi', 'Claude', 'Drew', 'Emmett', 'Patty', 'Insert Only']);
    expect(res.types.C).toEqual(stylesByType.C);
    expect(res.categories.map((c) => c.name)).toEqual(['pillows', 'cushions', 'drapery', 'frames']);
  });
  it('puts styles unknown to the editor last', () => {
    const odd = { ...seedProducts[1]!, product_id: 500, sku: 'PZZ1', product_style: 'Zed' };
    expect(buildProductsResponse([odd, ...seedProducts]).types.P?.at(-1)).toBe('Zed');
  });
  it('omits types without active products', () => {
    expect(buildProductsResponse(seedProducts.filter((p) => p.product_type === 'P')).types).toEqual({
      P: stylesByType.P,
    });
  });
  it('fabrics response: listed fabrics by name, their types, and filters', () => {
    const res = buildFabricsResponse(seedFabrics);
    expect(res.fabrics.some((f) => f.id === 'F-COT-FLR')).toBe(false); // not active
    expect(res.fabrics.some((f) => f.id === 'F-LTH-TAN')).toBe(false); // no longer sold
    expect(res.fabrics.some((f) => f.id === 'F-VEL-BLS')).toBe(true); // out of stock, still listed
    expect(res.fabrics.map((f) => f.name)).toEqual([...res.fabrics.map((f) => f.name)].sort((a, b) => a.localeCompare(b)));
    expect(res.types).toEqual(['Boucle', 'Cotton', 'Leather', 'Linen', 'Outdoor', 'Performance', 'Velvet']);
    expect(res.filters.slice(0, 2).map((f) => f.name)).toEqual(['featured', 'in_stock']);
    expect(res.filters).toContainEqual({ name: 'type:Leather', display_name: 'Leather', field: 'fabric_type', value: 'Leather' });
  });
  it('a fabric is available only when listed and in stock', () => {
    const available = seedFabrics.filter(isAvailableFabric).map((f) => f.id);
    expect(available).not.toContain('F-VEL-BLS');
    expect(available).toContain('F-LIN-NAT');
  });
});
