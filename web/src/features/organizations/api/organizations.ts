import { apiClient } from '../../../lib/api-client';

export interface OrganizationMember {
  email: string;
  name?: string;
  user_id?: string | number | null;
}

export interface Organization {
  id: string | number;
  name: string;
  members: OrganizationMember[];
}

export interface ShippedProject {
  id: string | number;
  name: string;
  state?: string;
  paid?: string | null;
  updated?: string | null;
  total?: number | null;
}

/** Members may come as e-mails or as user objects; both become { email, name }. */
function toMember(value: unknown): OrganizationMember | null {
  if (typeof value === 'string') return { email: value };
  if (typeof value === 'object' && value !== null) {
    const v = value as { email?: unknown; name?: unknown; user_id?: unknown };
    if (typeof v.email !== 'string') return null;
    return {
      email: v.email,
      ...(typeof v.name === 'string' ? { name: v.name } : {}),
      ...(typeof v.user_id === 'string' || typeof v.user_id === 'number' ? { user_id: v.user_id } : {}),
    };
  }
  return null;
}

export function toOrganization(value: unknown): Organization {
  const v = (typeof value === 'object' && value !== null ? value : {}) as { id?: unknown; name?: unknown; members?: unknown };
  return {
    id: typeof v.id === 'string' || typeof v.id === 'number' ? v.id : '',
    name: typeof v.name === 'string' ? v.name : '',
    members: Array.isArray(v.members) ? v.members.map(toMember).filter((m): m is OrganizationMember => m !== null) : [],
  };
}

const base = '/internal/organizations/';
const one = (id: string | number) => `${base}${encodeURIComponent(String(id))}/`;

/** GET /api/internal/organizations/ */
export async function fetchOrganizations(): Promise<Organization[]> {
  const data = await apiClient.get<unknown>(base);
  return Array.isArray(data) ? data.map(toOrganization) : [];
}

/** POST /api/internal/organizations/ { name } */
export async function createOrganization(name: string): Promise<Organization> {
  return toOrganization(await apiClient.post<unknown>(base, { name }));
}

/** GET /api/internal/organizations/{id}/ */
export async function fetchOrganization(id: string): Promise<Organization> {
  return toOrganization(await apiClient.get<unknown>(one(id)));
}

/** PUT /api/internal/organizations/{id}/ { name } */
export const renameOrganization = (id: string, name: string) => apiClient.put<unknown>(one(id), { name });

/** DELETE /api/internal/organizations/{id}/ */
export const deleteOrganization = (id: string) => apiClient.delete<unknown>(one(id));

/** POST /api/internal/organizations/{id}/add_member/ { email } */
export const addMember = (id: string, email: string) => apiClient.post<unknown>(`${one(id)}add_member/`, { email });

/** POST /api/internal/organizations/{id}/remove_member/ { email } */
export const removeMember = (id: string, email: string) => apiClient.post<unknown>(`${one(id)}remove_member/`, { email });

/** GET /api/internal/organizations/{id}/shipped_projects/ */
export async function fetchShippedProjects(id: string): Promise<ShippedProject[]> {
  const data = await apiClient.get<unknown>(`${one(id)}shipped_projects/`);
  return Array.isArray(data) ? (data as ShippedProject[]) : [];
}
