import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { exactCheck } from './exact-check.js';

describe('exactCheck', () => {
  it('says yes exactly when zod would hand the value back unchanged', () => {
    const schema = z.object({ name: z.string().min(1).max(3), count: z.number().int().min(0), note: z.string().nullable(), tags: z.array(z.enum(['a', 'b'])).max(2), extra: z.literal(1).optional() });
    const check = exactCheck(schema)!;
    expect(check).not.toBeNull();
    const valid = { name: 'abc', count: 2, note: null, tags: ['a'] };
    expect(check(valid)).toBe(true);
    expect(schema.parse(valid)).toEqual(valid);
    for (const other of [{ ...valid, unknown: 1 }, { ...valid, name: '' }, { ...valid, name: 'abcd' }, { ...valid, count: 1.5 }, { ...valid, count: -1 }, { ...valid, tags: ['c'] }, { ...valid, extra: 2 }, { name: 'abc' }]) {
      expect(check(other), JSON.stringify(other)).toBe(false);
    }
  });

  it('gives no check for a schema whose parse can change a value or that JSON Schema cannot say exactly', () => {
    const refusals = {
      'a default': z.object({ a: z.string().default('x') }),
      'a transform': z.object({ a: z.string().transform((value) => value.trim()) }),
      'an overwrite': z.object({ a: z.string().trim() }),
      'a refinement': z.object({ a: z.string().refine((value) => value !== 'x') }),
      'a format': z.object({ a: z.email() }),
      'a pattern': z.object({ a: z.string().regex(/^a/) }),
      'a union of objects': z.object({ a: z.union([z.object({ b: z.string() }), z.object({ b: z.string(), c: z.string() })]) }),
      'an object keeping unknown keys': z.looseObject({ a: z.string() }),
      'a record': z.object({ a: z.record(z.string(), z.number()) }),
    };
    for (const [what, schema] of Object.entries(refusals)) expect(exactCheck(schema), what).toBeNull();
  });
});
