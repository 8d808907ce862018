import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import { z } from 'zod';

/**
 * A yes/no check that says when `schema.parse(value)` would hand back `value` unchanged: valid,
 * no key the schema does not know (zod strips those), nothing zod would fill in or transform. It
 * is the schema compiled through its JSON Schema by ajv, which checks without building anything,
 * where zod's parse builds a copy of every event it reads (docs/decisions/0100).
 *
 * Only schemas made of the kinds and checks listed below get one; for anything else (defaults,
 * transforms, refinements, formats, records, ...) the answer is null and the caller parses with
 * zod, as before. On a "no" the caller parses with zod too, which strips unknown keys or fails
 * loudly exactly as it always did.
 */
export function exactCheck(schema: z.ZodType): ValidateFunction | null {
  if (lengths === 'other') return null;
  try {
    return ajv.compile(plainJsonSchema(schema));
  } catch {
    return null;
  }
}

/**
 * True when `schema.parse` hands back its input unchanged whenever it accepts it (the kinds and
 * checks below): a value it accepted once needs no parse to be what the schema reads.
 */
export function plainSchema(schema: z.ZodType): boolean {
  try {
    plainJsonSchema(schema);
    return true;
  } catch {
    return false;
  }
}

const plainJsonSchema = (schema: z.ZodType) =>
  z.toJSONSchema(schema, { io: 'output', unrepresentable: 'throw', override: ({ zodSchema }) => assertPlain(zodSchema) });

/**
 * How zod measures strings against min and max: this zod counts code points, as ajv does by
 * default; zod releases before it counted UTF-16 units (String#length), as ajv does with its
 * deprecated `unicode: false`. Asked of zod itself, so an upgrade cannot make the two disagree;
 * if it measures some third way, no check is compiled.
 */
function zodStringLengths(): 'code points' | 'units' | 'other' {
  const emoji = '\u{1F600}'; // one code point, two UTF-16 units
  const fitsMaxOne = z.string().max(1).safeParse(emoji).success;
  const reachesMinTwo = z.string().min(2).safeParse(emoji).success;
  if (fitsMaxOne && !reachesMinTwo) return 'code points';
  if (!fitsMaxOne && reachesMinTwo) return 'units';
  return 'other';
}

const lengths = zodStringLengths();

const ajv = new Ajv2020({
  strict: true,
  allErrors: false,
  // The JSON Schemas come from zod, not from a person: checking them against the meta-schema, and
  // ajv's extra passes over the code it generates, doubled the time to compile a check (150 -> 69
  // ms for every project event type) without changing how fast the check runs.
  validateSchema: false,
  code: { optimize: false },
  ...(lengths === 'units' ? { unicode: false } : {}),
  // `unicode: false` is deprecated in ajv 8 (and still honoured): its notice is the warning dropped here.
  logger: { log: () => undefined, warn: () => undefined, error: (...args: unknown[]) => console.error(...args) },
} as ConstructorParameters<typeof Ajv2020>[0]);

/** Kinds whose JSON Schema accepts exactly what zod accepts, and whose parse returns its input. */
const PLAIN_KINDS = new Set(['object', 'array', 'string', 'number', 'boolean', 'null', 'literal', 'enum', 'nullable', 'optional', 'union']);
const PLAIN_CHECKS = new Set(['max_length', 'min_length', 'length_equals', 'greater_than', 'less_than', 'number_format']);
const PLAIN_NUMBER_FORMATS = new Set(['safeint', 'int32', 'uint32']);

/**
 * A union may only choose between values that are what they are: zod takes the first option that
 * parses, so with objects it could strip one option's keys where the JSON Schema matched another.
 */
const SCALAR_KINDS = new Set(['string', 'number', 'boolean', 'null', 'literal', 'enum']);

interface ZodInternals {
  _zod: { def: { type: string; checks?: Array<{ _zod: { def: { check: string; format?: string } } }>; catchall?: unknown; options?: unknown[] } };
}

function assertPlain(schema: unknown): void {
  const { def } = (schema as ZodInternals)._zod;
  if (!PLAIN_KINDS.has(def.type)) throw new Error(`${def.type} is not plain`);
  if (def.type === 'object' && def.catchall !== undefined) throw new Error('an object that keeps or checks unknown keys is not plain');
  if (def.type === 'union' && !(def.options ?? []).every((option) => SCALAR_KINDS.has((option as ZodInternals)._zod.def.type))) throw new Error('a union of objects is not plain');
  for (const check of def.checks ?? []) {
    const { check: kind, format } = check._zod.def;
    if (!PLAIN_CHECKS.has(kind) || (kind === 'number_format' && !PLAIN_NUMBER_FORMATS.has(format ?? ''))) throw new Error(`${kind} is not plain`);
  }
}
