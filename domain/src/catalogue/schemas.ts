import { z } from 'zod';
import { Cents, Inches, InsertCode, TrimCode } from '../project/model.js';
import { ProductTypeCode } from './product-types.js';
import { dimensionKeys } from './dimension-limits.js';

/** Add-on prices in cents (SPEC §3 "prices"); a missing key means the add-on is not priced. */
export const AddOnPrices = z.object({
  down: Cents.optional(),
  ql_down: Cents.optional(),
  outdoor: Cents.optional(),
  foam: Cents.optional(),
  dw_foam: Cents.optional(),
  poly: Cents.optional(),
  piping: Cents.optional(),
  self_welt: Cents.optional(),
  velcro: Cents.optional(),
  tiebacks: Cents.optional(),
  cleats: Cents.optional(),
});
export type AddOnPrices = z.infer<typeof AddOnPrices>;

/** The inserts a product can be filled with; "none" is always offered beside them. */
export const OfferedInsert = InsertCode.exclude(['none']);
export type OfferedInsert = z.infer<typeof OfferedInsert>;

export const CatalogueProduct = z.object({
  product_id: z.number().int().min(0),
  product_type: ProductTypeCode,
  product_style: z.string().min(1).max(60),
  sku: z.string().min(1).max(64),
  /** Fixed size label such as "18x18"; null for products sized by dimensions. */
  size: z.string().max(40).nullable(),
  is_active: z.boolean(),
  /** Labour price per unit in cents; null means the price is set by staff ("Price TBD"). */
  unit_price: Cents.nullable(),
  prices: AddOnPrices,
  quantity: z.number().int().min(0).optional(),
  length: Inches.nullable(),
  width: Inches.nullable(),
  height: Inches.nullable(),
  /** Yards of fabric one unit of a fixed size takes. */
  yardage: z.number().min(0).nullable(),
  description: z.string(),
  long_description: z.string(),
  additional_notes_title: z.string(),
  additional_notes_placeholder: z.string(),
  display_imgs: z.object({ preview_img: z.string(), images: z.array(z.string()) }),
  product_trim: z.array(TrimCode),
  product_insert: z.array(OfferedInsert),
  product_include_velcro: z.boolean(),
  product_include_tiebacks: z.boolean(),
  product_include_cleats: z.boolean(),
  /** The dimensions a customer types for this product; empty when a size is picked instead. */
  product_dimensions: z.array(z.enum(dimensionKeys)),
});
export type CatalogueProduct = z.infer<typeof CatalogueProduct>;

export { LEATHER_FABRIC_TYPE } from './categories.js';

export const CatalogueFabric = z.object({
  id: z.string().min(1).max(64),
  name: z.string().min(1).max(200),
  description: z.string().max(4000).optional(),
  color: z.string().max(60).optional(),
  image: z.string().max(500).optional(),
  /** Shown in the catalogue at all. */
  active: z.boolean(),
  /** Still sold by the mill. */
  is_active: z.boolean(),
  in_stock: z.boolean(),
  is_featured: z.boolean(),
  /** "Leather" or another type; leather prices are per square foot (docs/decisions/0024). */
  fabric_type: z.string().min(1).max(60),
  /** Cents per yard (per square foot for leather). */
  unit_price: Cents,
});
export type CatalogueFabric = z.infer<typeof CatalogueFabric>;
