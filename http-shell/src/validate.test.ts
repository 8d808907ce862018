import { describe, expect, it } from 'vitest';
import { unstorableTextAt } from './validate.js';

describe('unstorableTextAt', () => {
  it('finds NUL and unpaired surrogates, with the field path', () => {
    expect(unstorableTextAt({ body: { name: 'a\u0000b' } })).toBe('body.name');
    expect(unstorableTextAt({ body: { fabrics: [{ items: [{ name: '\udb6f' }] }] } })).toBe('body.fabrics.0.items.0.name');
    expect(unstorableTextAt({ query: { q: 'x\udc00' } })).toBe('query.q');
    expect(unstorableTextAt({ body: { ['k\u0000']: 1 } })).toBe('body.k?');
  });

  it('lets ordinary text through, astral characters included', () => {
    expect(unstorableTextAt({ body: { name: 'Linen 𕃩 “quoted” ✓', n: 1, list: [null, true] } })).toBeNull();
  });
});
