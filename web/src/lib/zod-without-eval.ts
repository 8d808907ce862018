import { z } from 'zod';

/**
 * Imported first by main.tsx. Zod compiles fast parsers with `new Function` when it may; under
 * the shop's Content Security Policy (no 'unsafe-eval', docs/decisions/0190) its probe for that
 * is refused and reported as a violation on every page. Jitless parsing needs no eval at all.
 */
z.config({ jitless: true });
