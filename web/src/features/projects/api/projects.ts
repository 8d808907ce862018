import { apiClient } from '../../../lib/api-client';

/** A row of GET /api/projects/ (docs/api-conventions.md "Lists"). */
export interface ProjectSummary {
  id: string | number;
  name: string;
  state: string;
  production_state?: string | null;
  created?: string | null;
  updated?: string | null;
  submitted?: string | null;
  approved?: string | null;
  paid?: string | null;
  due?: string | null;
  total_quantity?: number | null;
  /** Total in cents; null while not priced. */
  total?: number | null;
}

export interface ProjectFilters {
  /** One state code or a comma list; empty for all. */
  state?: string;
  /** Case-insensitive substring of the name. */
  name?: string;
}

/** GET /api/projects/?state=&name= — the customer's projects in the SPEC §4 customer ordering. */
export async function fetchProjects(filters: ProjectFilters): Promise<ProjectSummary[]> {
  const data = await apiClient.get<unknown>('/projects/', { params: { state: filters.state, name: filters.name } });
  return Array.isArray(data) ? (data as ProjectSummary[]) : [];
}
