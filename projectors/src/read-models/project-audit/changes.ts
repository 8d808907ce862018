import type { ProjectView } from '@shop/domain';

export interface FieldChange {
  field: string;
  from: unknown;
  to: unknown;
}

// `updated` moves on every event; listing it would only add noise to every audit line.
const IGNORED = new Set(['updated']);

/** What an event changed: the top-level fields of the project view that differ before and after. */
export function viewChanges(before: ProjectView | null, after: ProjectView | null): FieldChange[] {
  const from = (before ?? {}) as unknown as Record<string, unknown>;
  const to = (after ?? {}) as unknown as Record<string, unknown>;
  const changes: FieldChange[] = [];
  // Fields in the order of `before`, then those only `after` has (no merged key set: this runs
  // for every event of a rebuild, and the set was most of what it allocated).
  for (const key of Object.keys(from)) addChange(changes, key, from[key], to[key]);
  for (const key of Object.keys(to)) if (!Object.prototype.hasOwnProperty.call(from, key)) addChange(changes, key, undefined, to[key]);
  return changes;
}

function addChange(changes: FieldChange[], field: string, from: unknown, to: unknown): void {
  if (!IGNORED.has(field) && !sameJson(from, to)) changes.push({ field, from: from ?? null, to: to ?? null });
}

/**
 * Whether two values have the same JSON with sorted keys (jsonb does not keep key order, so plain
 * JSON.stringify would see false changes). Walks both values instead of writing them out, with
 * JSON's own rules: object keys whose value JSON leaves out (undefined, functions, symbols) do not
 * count, such values inside arrays count as null, non-finite numbers as null. Anything JSON
 * treats specially (toJSON, bigint) falls back to comparing the canonical text itself.
 */
export function sameJson(a: unknown, b: unknown): boolean {
  const verdict = compare(a, b, true);
  return verdict === FALLBACK ? canonical(a) === canonical(b) : verdict;
}

const FALLBACK = Symbol('fallback');
type Verdict = boolean | typeof FALLBACK;

function compare(a: unknown, b: unknown, topLevel: boolean): Verdict {
  if (a === b) return typeof a === 'bigint' ? FALLBACK : true;
  const ka = kindOf(a, topLevel);
  const kb = kindOf(b, topLevel);
  if (ka === 'special' || kb === 'special') return FALLBACK;
  if (ka !== kb) return false;
  switch (ka) {
    case 'null':
    case 'absent':
      return true;
    case 'number':
      return (a as number) === (b as number);
    case 'string':
    case 'boolean':
      return a === b;
    case 'array':
      return compareArrays(a as unknown[], b as unknown[]);
    case 'object':
      return compareObjects(a as Record<string, unknown>, b as Record<string, unknown>);
  }
}

function compareArrays(a: unknown[], b: unknown[]): Verdict {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) {
    const verdict = compare(a[i], b[i], false);
    if (verdict !== true) return verdict;
  }
  return true;
}

function compareObjects(a: Record<string, unknown>, b: Record<string, unknown>): Verdict {
  let counted = 0;
  for (const key of Object.keys(a)) {
    if (omitted(a[key])) continue;
    counted++;
    if (!Object.prototype.propertyIsEnumerable.call(b, key) || omitted(b[key])) return false;
    const verdict = compare(a[key], b[key], false);
    if (verdict !== true) return verdict;
  }
  for (const key of Object.keys(b)) if (!omitted(b[key])) counted--;
  return counted === 0;
}

/** JSON leaves these out of objects; in arrays they become null. */
const omitted = (value: unknown): boolean => value === undefined || typeof value === 'function' || typeof value === 'symbol';

type Kind = 'null' | 'absent' | 'number' | 'string' | 'boolean' | 'array' | 'object' | 'special';

/**
 * A value's kind as its JSON text sees it. At the top level, JSON has no text for undefined (the
 * canonical form is then the string 'undefined', unlike null); inside an array it is null.
 */
function kindOf(value: unknown, topLevel: boolean): Kind {
  if (value === null) return 'null';
  switch (typeof value) {
    case 'undefined':
    case 'function':
    case 'symbol':
      return topLevel ? 'absent' : 'null';
    case 'number':
      return Number.isFinite(value) ? 'number' : 'null';
    case 'string':
      return 'string';
    case 'boolean':
      return 'boolean';
    case 'bigint':
      return 'special';
    default:
      if (typeof (value as { toJSON?: unknown }).toJSON === 'function') return 'special';
      return Array.isArray(value) ? 'array' : 'object';
  }
}

/** JSON with sorted keys: the definition `sameJson` keeps to, and its fallback. */
export function canonical(value: unknown): string {
  return (
    JSON.stringify(value, (_key, inner: unknown) =>
      inner && typeof inner === 'object' && !Array.isArray(inner)
        ? Object.fromEntries(Object.entries(inner as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
        : inner,
    ) ?? 'undefined'
  );
}
