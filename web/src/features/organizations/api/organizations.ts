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
  /** The stream revision shown (detail reads and writes); writes send it back, -1 when none was named. */
  revision: number;
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
  const v = (typeof value === 'object' && value !== null ? value : {}) as { id?: unknown; name?: unknown; members?: unknown; member_details?: unknown; revision?: unknown };
  // The detail read lists members as user ids and says who they are in member_details.
  const members = Array.isArray(v.member_details) ? v.member_details : v.members;
  return {
    id: typeof v.id === 'string' || typeof v.id === 'number' ? v.id : '',
    name: typeof v.name === 'string' ? v.name : '',
    members: Array.isArray(members) ? members.map(toMember).filter((m): m is OrganizationMember => m !== null) : [],
    revision: typeof v.revision === 'number' ? v.revision : -1,
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

/** GET /api/internal/organizations/{id}/; after a write, at least at its revision (X-Min-Revision: read your own write). */
export async function fetchOrganization(id: string, afterRevision?: number): Promise<Organization> {
  const options = afterRevision === undefined ? undefined : { headers: { 'X-Min-Revision': `organization-${id}@${afterRevision}` } };
  return toOrganization(await apiClient.get<unknown>(one(id), options));
}

/*
 * Writes send the revision the page showed: a page someone else has changed since gets the 409
 * (docs/decisions/0176-writes-carry-their-revision.md). They answer the organization at its new revision.
 */
type Shown = Pick<Organization, 'id' | 'revision'>;

/** PUT /api/internal/organizations/{id}/ { name, revision } */
export const renameOrganization = async (shown: Shown, name: string) => toOrganization(await apiClient.put<unknown>(one(shown.id), { name, revision: shown.revision }));

/** DELETE /api/internal/organizations/{id}/?revision= */
export const deleteOrganization = async (shown: Shown) => toOrganization(await apiClient.delete<unknown>(one(shown.id), { params: { revision: shown.revision } }));

/** POST /api/internal/organizations/{id}/add_member/ { email, revision } */
export const addMember = async (shown: Shown, email: string) =>
  toOrganization(await apiClient.post<unknown>(`${one(shown.id)}add_member/`, { email, revision: shown.revision }));

/** POST /api/internal/organizations/{id}/remove_member/ { email, revision } */
export const removeMember = async (shown: Shown, email: string) =>
  toOrganization(await apiClient.post<unknown>(`${one(shown.id)}remove_member/`, { email, revision: shown.revision }));

/** GET /api/internal/organizations/{id}/shipped_projects/ */
export async function fetchShippedProjects(id: string): Promise<ShippedProject[]> {
  const data = await apiClient.get<unknown>(`${one(id)}shipped_projects/`);
  return Array.isArray(data) ? (data as ShippedProject[]) : [];
}
