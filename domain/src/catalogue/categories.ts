/*
 * Plain data with no zod (docs/decisions/0251): the landing page's chunk imports these and
 * nothing else of the domain, so the browser's first paint carries no schema.
 */

/**
 * Product types (SPEC §3). P, C, B, CR and O are named by the spec; H (headboard), BQ (banquette),
 * R (reupholstery) and X (custom) are ours — see docs/decisions/0020-catalogue-codes-and-families.md.
 */
export const productTypeCodes = ['P', 'C', 'B', 'CR', 'O', 'H', 'BQ', 'R', 'X'] as const;
type ProductTypeCode = (typeof productTypeCodes)[number];

/** True for a known type code: the schema's check without the schema. */
export function isProductTypeCode(value: unknown): value is ProductTypeCode {
  return (productTypeCodes as readonly unknown[]).includes(value);
}

export const productTypeDisplayNames: Record<ProductTypeCode, string> = {
  P: 'Pillow',
  C: 'Cushion',
  B: 'Banquette Cushion',
  CR: 'Curtain',
  O: 'Ottoman',
  H: 'Headboard',
  BQ: 'Banquette',
  R: 'Reupholstery',
  X: 'Custom',
};

/** Product id 0 is the custom placeholder of type X (SPEC §3). */
export const CUSTOM_PRODUCT_ID = 0;

export interface CategoryProductType {
  name: ProductTypeCode;
  display_name: string;
  priority: number;
}

export interface Category {
  name: string;
  display_name: string;
  product_types: CategoryProductType[];
}

const typeEntry = (name: ProductTypeCode, priority: number): CategoryProductType => ({
  name,
  display_name: productTypeDisplayNames[name],
  priority,
});

/** Categories served by GET /products/. Names fit Project.category (at most 8 characters). */
export const catalogueCategories: readonly Category[] = [
  { name: 'pillows', display_name: 'Pillows', product_types: [typeEntry('P', 1)] },
  { name: 'cushions', display_name: 'Cushions', product_types: [typeEntry('C', 1), typeEntry('B', 2)] },
  { name: 'drapery', display_name: 'Curtains', product_types: [typeEntry('CR', 1)] },
  {
    name: 'frames',
    display_name: 'Upholstered Furniture',
    product_types: [typeEntry('O', 1), typeEntry('H', 2), typeEntry('BQ', 3)],
  },
];

/** The two categories the editor adds on the client (SPEC §3); not part of the server response. */
export const clientAddedCategories: readonly Category[] = [
  { name: 'R', display_name: 'Reupholstery', product_types: [typeEntry('R', 1)] },
  { name: 'X', display_name: 'Something Else?', product_types: [typeEntry('X', 1)] },
];

/** What the editor shows: the served categories followed by the client-added ones. */
export function editorCategories(served: readonly Category[]): Category[] {
  const servedNames = new Set(served.map((c) => c.name));
  return [...served, ...clientAddedCategories.filter((c) => !servedNames.has(c.name))];
}

/** The fabric type priced per square foot (SPEC §9). */
export const LEATHER_FABRIC_TYPE = 'Leather';
