import { apiClient } from '../../../lib/api-client';

/** A row of GET /api/internal/projects/ (docs/api-conventions.md "Lists"). */
export interface InternalProjectSummary {
  id: string | number;
  name: string;
  state: string;
  production_state?: string | null;
  user?: unknown;
  organization_id?: string | number | null;
  created?: string | null;
  submitted?: string | null;
  approved?: string | null;
  paid?: string | null;
  due?: string | null;
  total_quantity?: number | null;
  /** One of the SPEC §4 readiness labels, or null when not relevant. */
  readiness?: string | null;
  total?: number | null;
}

/** GET /api/internal/projects/?state=&name= — every project in the SPEC §4 internal ordering. */
export async function fetchInternalProjects(filters: { state?: string; name?: string }): Promise<InternalProjectSummary[]> {
  const data = await apiClient.get<unknown>('/internal/projects/', { params: { state: filters.state, name: filters.name } });
  return Array.isArray(data) ? (data as InternalProjectSummary[]) : [];
}
