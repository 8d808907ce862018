import type { Request } from 'express';
import { z } from 'zod';
import { HttpError } from './http-error.js';

export const UNSTORABLE_TEXT = 'Text must not contain NUL characters or broken Unicode (unpaired surrogates).';

/**
 * Parses `{ body, params, query }` with one zod schema; a ZodError becomes a 400. Text that
 * PostgreSQL cannot store (NUL, unpaired UTF-16 surrogates) is refused first with a 400 naming
 * the field, instead of failing deep in a query as a 500.
 */
export function parseRequest<S extends z.ZodType>(schema: S, req: Request): z.infer<S> {
  return parseInput(schema, { body: req.body ?? {}, params: req.params, query: req.query });
}

function parseInput<S extends z.ZodType>(schema: S, input: { body: unknown; params: unknown; query: unknown }): z.infer<S> {
  const field = unstorableTextAt(input);
  if (field !== null) {
    const relative = field.split('.').slice(1).join('.') || field;
    throw new HttpError(400, UNSTORABLE_TEXT, [{ field: relative, message: UNSTORABLE_TEXT }]);
  }
  return schema.parse(input);
}

/** The dotted path of the first string (or object key) holding NUL or an unpaired surrogate; null when none. */
export function unstorableTextAt(value: unknown, path: string[] = [], depth = 0): string | null {
  if (typeof value === 'string') return isStorable(value) ? null : path.join('.');
  if (value === null || typeof value !== 'object' || depth > 64) return null;
  // One path array for the whole walk, a key pushed and popped around each child: every request is walked, few fail.
  for (const key of Object.keys(value)) {
    if (!isStorable(key)) return [...path, key.replace(/[^\x20-\x7e]/g, '?')].join('.');
    path.push(key);
    const found = unstorableTextAt((value as Record<string, unknown>)[key], path, depth + 1);
    path.pop();
    if (found !== null) return found;
  }
  return null;
}

/** No high surrogate without its low one (or a low one alone). */
const UNSTORABLE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const isStorable = (text: string): boolean => !text.includes('\u0000') && !UNSTORABLE.test(text);
