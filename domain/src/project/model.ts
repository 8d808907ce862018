import { z } from 'zod';

/**
 * The shapes a project is made of (SPEC §3), shared by events, commands, validation,
 * pricing, the HTTP schemas and the web editor. Drafts may be incomplete, so most
 * fields are optional here; completeness is checked by `validation/`.
 * Money is integer cents; lengths are inches; yardage is yards (a decimal).
 */

import { productionStates, projectStates } from './state-codes.js';

export { productionStates, projectStates } from './state-codes.js';
export const ProjectState = z.enum(projectStates);
export type ProjectState = z.infer<typeof ProjectState>;

export const ProductionState = z.enum(productionStates);
export type ProductionState = z.infer<typeof ProductionState>;

export const Cents = z.number().int().min(0);
export const Inches = z.number().min(0);

export const TrimCode = z.enum(['S', 'P', 'C']);
export type TrimCode = z.infer<typeof TrimCode>;

export const InsertCode = z.enum(['poly', 'down', 'ql_down', 'outdoor', 'foam', 'dw_foam', 'none']);
export type InsertCode = z.infer<typeof InsertCode>;

export const Dimensions = z.object({
  length: Inches.nullable().optional(),
  width: Inches.nullable().optional(),
  height: Inches.nullable().optional(),
  channelWidth: Inches.nullable().optional(),
});
export type Dimensions = z.infer<typeof Dimensions>;

export const LineItem = z.object({
  /** Catalogue product id; 0 is the custom item (type X). */
  product_id: z.number().int().min(0),
  product_type: z.string().max(8).optional(),
  product_style: z.string().max(60).nullable().optional(),
  name: z.string().max(200).optional(),
  description: z.string().max(4000).optional(),
  quantity: z.number().int().min(0).max(9999).optional(),
  /** Labour price per unit in cents, set by staff pricing or from the catalogue. */
  unit_price: Cents.nullable().optional(),
  /** Yards of fabric per unit. */
  yardage: z.number().min(0).max(9999).nullable().optional(),
  product_trim: TrimCode.nullable().optional(),
  /** Extra yards per unit for a self welt. */
  self_welt: z.number().min(0).max(9999).nullable().optional(),
  /** Price in cents of the piping per unit. */
  piping: Cents.nullable().optional(),
  /** Price in cents of the contrast welt per unit. */
  contrast_welt: Cents.nullable().optional(),
  /** Description and image of the piping / contrast welt fabric the customer supplies. */
  trim_description: z.string().max(2000).optional(),
  trim_image: z.string().max(500).nullable().optional(),
  insert: InsertCode.nullable().optional(),
  /** Catalogue size code, or a custom size typed as "number x number". */
  size: z.string().max(40).nullable().optional(),
  dimensions: Dimensions.optional(),
  /** Three image slots (stored upload paths), null when empty. */
  images: z.array(z.string().max(500).nullable()).max(3).optional(),
  include_velcro: z.boolean().optional(),
  include_tiebacks: z.boolean().optional(),
  include_cleats: z.boolean().optional(),
  /** For the custom item (product 0): does it involve upholstery. */
  has_upholstery: z.boolean().nullable().optional(),
  source: z.string().max(200).optional(),
});
export type LineItem = z.infer<typeof LineItem>;

export const Fabric = z.object({
  id: z.string().min(1).max(64),
  name: z.string().max(200).optional(),
  url: z.string().max(1000).optional(),
  description: z.string().max(4000).optional(),
  sku: z.string().max(64).optional(),
  /** Where the fabric comes from; OWN_SOURCE means the shop supplies it and charges for it. */
  source: z.string().max(200).optional(),
  /** Price per yard in cents. */
  unit_price: Cents.nullable().optional(),
  arrived: z.boolean().optional(),
  items: z.array(LineItem).max(200),
});
export type Fabric = z.infer<typeof Fabric>;

export { OWN_SOURCE } from './fabric-source.js';

export const ProjectNotes = z.object({
  tax_exempt: z.boolean().optional(),
  payment_details: z
    .object({
      partial_payment: z.boolean().optional(),
      /** `remaining` is in dollars, as SPEC §9 says it "is converted to cents". */
      details: z.object({ remaining: z.number().min(0).optional() }).optional(),
    })
    .optional(),
});
export type ProjectNotes = z.infer<typeof ProjectNotes>;

export const ShippingAddress = z.object({
  recipient_name: z.string().max(200).optional(),
  line1: z.string().max(300).optional(),
  city: z.string().max(120).optional(),
  state: z.string().max(60).optional(),
  postal_code: z.string().max(20).optional(),
});
export type ShippingAddress = z.infer<typeof ShippingAddress>;

/** 0 Shipping, 1 Delivery, 2 Pick Up, 3 Delivery & Installation (SPEC §4). */
export const DeliveryType = z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)]);
export type DeliveryType = z.infer<typeof DeliveryType>;

export const ShippingNotes = z.object({
  shipping_address: ShippingAddress.optional(),
  delivery_type: DeliveryType.optional(),
});
export type ShippingNotes = z.infer<typeof ShippingNotes>;

/** The editable body of a draft (SPEC §3 "Update payload"). */
export const ProjectDraft = z.object({
  name: z.string().max(200),
  category: z.string().max(8).optional(),
  fabrics: z.array(Fabric).max(50),
  additional_notes: z.string().max(8000).optional(),
  notes: ProjectNotes.optional(),
  shipping_notes: ShippingNotes.optional(),
  shipping_cost: Cents.optional(),
});
export type ProjectDraft = z.infer<typeof ProjectDraft>;
