/**
 * The fabric source meaning "supplied by the shop" (the provider's own source, SPEC §5/§9).
 * In a file of its own, without zod, so the web's landing chunk can read it (docs/decisions/0251).
 */
export const OWN_SOURCE = 'shop';
