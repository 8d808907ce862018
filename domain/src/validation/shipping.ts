import type { FieldProblem } from '../shared/errors.js';
import type { ShippingAddress, ShippingNotes } from '../project/model.js';
import { validationMessages } from './messages.js';

export const addressFields = ['recipient_name', 'line1', 'city', 'state', 'postal_code'] as const;

/** Each blank address field is a problem carrying 'Please complete all address fields.' (SPEC §5). */
export function validateShippingAddress(address: ShippingAddress | undefined, path = 'shipping_address'): FieldProblem[] {
  return addressFields
    .filter((key) => !address?.[key]?.trim())
    .map((key) => ({ field: `${path}.${key}`, message: validationMessages.address }));
}

/** Pick-up (delivery type 2) needs no address; every other delivery type does. */
export function validateShippingNotes(notes: ShippingNotes | undefined, path = 'shipping_notes'): FieldProblem[] {
  if (notes?.delivery_type === 2) return [];
  return validateShippingAddress(notes?.shipping_address, `${path}.shipping_address`);
}
