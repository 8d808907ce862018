import type { Fabric, ProductionState, ProjectNotes, ProjectState, ShippingNotes, ShownCost } from '@shop/domain';

/**
 * The SPEC §3 project fields every answer about one project has: the customer's
 * (GET /api/projects/{id}/), checkout's (GET /api/checkout/{id}/) and staff's
 * (GET /api/internal/projects/{id}/). Each feature's type adds what its answer adds.
 */
export interface ProjectAnswer {
  /** The short order number; null for a project older than numbers (decision 0315). */
  order_number: number | null;
  /** "#1042", or "Ref. fd31a7ee" for an older project: what the page shows. */
  order_label: string;
  id: string;
  name: string;
  state: ProjectState;
  production_state: ProductionState;
  category: string | null;
  fabrics: Fabric[];
  additional_notes: string;
  notes: ProjectNotes;
  shipping_notes: ShippingNotes;
  shipping_cost: number;
  cost?: ShownCost;
}

/** The answer with what a partial one leaves out filled in, so screens never meet undefined lists; the rest as the server sent it. */
export function projectAnswerOf<T extends ProjectAnswer>(data: unknown): Partial<T> & ProjectAnswer {
  const d = (typeof data === 'object' && data !== null ? data : {}) as Partial<T>;
  return {
    ...d,
    id: String(d.id ?? ''),
    order_number: d.order_number ?? null,
    order_label: d.order_label ?? '',
    name: d.name ?? '',
    state: d.state ?? 'D',
    production_state: d.production_state ?? 'N',
    category: d.category ?? null,
    fabrics: Array.isArray(d.fabrics) ? d.fabrics : [],
    additional_notes: d.additional_notes ?? '',
    notes: d.notes ?? {},
    shipping_notes: d.shipping_notes ?? {},
    shipping_cost: d.shipping_cost ?? 0,
  };
}
