import type { DeliveryType } from '../project/model.js';

export interface DeliveryOption {
  type: DeliveryType;
  label: string;
  description: string;
  /** The least it costs, in cents; null when quoted per project (shipping). */
  price_from_cents: number | null;
}

/** Delivery options with their SPEC §9 descriptions and prices. */
export const deliveryOptions: readonly DeliveryOption[] = [
  { type: 0, label: 'Shipping', description: 'US only. Ships 5-7 days on top of lead time.', price_from_cents: null },
  {
    type: 1,
    label: 'Delivery',
    description: 'NYC five boroughs. Delivered within 1 week of completion, to the ground floor or lobby.',
    price_from_cents: 19500,
  },
  { type: 2, label: 'Pick Up', description: 'Free pickup from our Brooklyn workroom.', price_from_cents: 0 },
  { type: 3, label: 'Delivery & Installation', description: 'NYC five boroughs. Delivered and installed.', price_from_cents: 35000 },
];

/** SPEC §4: 0 Shipping, 1 Delivery, 2 Pick Up, anything else Delivery & Installation. */
export function deliveryTypeLabel(type: number | null | undefined): string {
  return deliveryOptions.find((o) => o.type === type)?.label ?? 'Delivery & Installation';
}

/**
 * Shipping cost counts only for shipping, delivery, and delivery with installation (types 0, 1, 3).
 * A type not chosen yet reads as Delivery & Installation (SPEC §4 "otherwise"), so the quote staff
 * price before checkout counts their shipping figure; only Pick Up leaves it out (docs/decisions/0250).
 */
export function chargedShipping(shippingCost: number | null | undefined, deliveryType: DeliveryType | null | undefined): number {
  return deliveryType === 2 ? 0 : (shippingCost ?? 0);
}
