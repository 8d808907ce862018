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
  const keys = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  const changes: FieldChange[] = [];
  for (const key of keys) {
    if (IGNORED.has(key)) continue;
    const from = before ? (before as unknown as Record<string, unknown>)[key] : undefined;
    const to = after ? (after as unknown as Record<string, unknown>)[key] : undefined;
    if (canonical(from) !== canonical(to)) changes.push({ field: key, from: from ?? null, to: to ?? null });
  }
  return changes;
}

/** JSON with sorted keys: jsonb does not keep key order, so plain JSON.stringify would see false changes. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) =>
    inner && typeof inner === 'object' && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : inner,
  ) ?? 'undefined';
}
