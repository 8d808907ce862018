import { config } from 'zod/v4/core';

/**
 * Imported first by main.tsx. Zod compiles fast parsers with `new Function` when it may; under
 * the shop's Content Security Policy (no 'unsafe-eval', docs/decisions/0190) its probe for that
 * is refused and reported as a violation on every page. Jitless parsing needs no eval at all.
 * The core `config` is the one zod's `z.config` sets, without pulling all of zod into the entry chunk.
 */
config({ jitless: true });
