/** SPEC §9: the note of an item when the product names none, and its placeholder. */
export const DEFAULT_NOTE_TITLE = 'Additional Details';
export const DEFAULT_NOTE_PLACEHOLDER = 'Please provide any specific notes regarding this item (optional)';
/** SPEC §9: product image slots. */
export const IMAGE_SLOTS = 3;
/** Accepted image types (SPEC §5: jpeg, jpg, gif, png). */
export const IMAGE_ACCEPT = '.jpeg,.jpg,.gif,.png,image/jpeg,image/gif,image/png';
