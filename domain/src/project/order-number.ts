/**
 * The short order number people read out and search for (decision 0315). Every project created
 * since numbers exist has one (`#1042`); older projects, whose creation events carry none, are
 * named everywhere by the same fallback: the first eight characters of their id.
 */
export function orderLabel(project: { id: string; order_number: number | null }): string {
  return project.order_number !== null ? `#${project.order_number}` : `Ref. ${project.id.slice(0, 8)}`;
}

/** A search term that names an order number ("#1042" or "1042"), as that number; else null. */
export function orderNumberInSearch(term: string): number | null {
  const match = /^\s*#?\s*(\d{1,9})\s*$/.exec(term);
  return match ? Number(match[1]) : null;
}
