import type { ProjectDraft, ProjectState } from '@shop/domain';
import { apiClient } from '../../../lib/api-client';
import { projectAnswerOf, type ProjectAnswer } from '../../../lib/project-answer';

/** A row of GET /api/projects/ (docs/api-conventions.md "Lists"). */
export interface ProjectSummary {
  /** The short order number; null for a project older than numbers (decision 0315). */
  order_number: number | null;
  /** "#1042", or "Ref. fd31a7ee" for an older project: what the page shows. */
  order_label: string;
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

/** GET /api/projects/?state=&name=&limit=&offset= — a page of the customer's projects in the SPEC §4 customer ordering. */
export async function fetchProjects(filters: ProjectFilters & { limit?: number; offset?: number }): Promise<ProjectSummary[]> {
  const data = await apiClient.get<unknown>('/projects/', { params: { ...filters } });
  return Array.isArray(data) ? (data as ProjectSummary[]) : [];
}

/** The SPEC §3 project as GET /api/projects/{id}/ answers it (docs/api-conventions.md "Shapes"). */
export interface ProjectDetail extends ProjectAnswer {
  created?: string | null;
  updated?: string | null;
  submitted?: string | null;
  approved?: string | null;
  paid?: string | null;
  due?: string | null;
  fabric_arrived?: boolean;
  onsite_complete?: boolean;
  partial_payment?: boolean;
  production_time?: number;
  shipment?: { carrier: string | null; tracking_number: string | null; tracking_url: string | null } | null;
  revision?: number;
}

/** Fills what a partial answer leaves out, so screens never meet undefined lists. */
export const toProjectDetail = (data: unknown): ProjectDetail => projectAnswerOf<ProjectDetail>(data);

/**
 * The SPEC §3 update payload: id, name, category, state, fabrics, notes, shipping_notes, shipping_cost,
 * and the revision the editor's copy was read or last saved at: a save on a stale copy is refused
 * (409) instead of undoing someone else's change (docs/decisions/0176-writes-carry-their-revision.md).
 */
export interface ProjectUpdate extends ProjectDraft {
  id: string;
  state: ProjectState;
  revision: number;
}

const projectPath = (id: string) => `/projects/${encodeURIComponent(id)}/`;
/**
 * GET /api/projects/{id}/. Writes answer with the saved project, so no re-read follows them; a
 * project opened right after a write that made it (a copy) passes `afterRevision`, so the read side
 * waits until that revision is projected (read-your-writes, X-Min-Revision).
 */
export async function fetchProject(id: string, afterRevision?: number): Promise<ProjectDetail> {
  const headers = afterRevision === undefined ? undefined : { 'X-Min-Revision': `project-${id}@${afterRevision}` };
  return toProjectDetail(await apiClient.get<unknown>(projectPath(id), headers ? { headers } : undefined));
}

/** POST /api/projects/ — body plus organization_id (SPEC §7). */
export async function createProject(draft: ProjectDraft, organizationId: string | null = null): Promise<ProjectDetail> {
  return toProjectDetail(await apiClient.post<unknown>('/projects/', { ...draft, organization_id: organizationId }));
}

/** PUT /api/projects/{id}/ — saves the draft; state 'R' submits it for review. */
export async function updateProject(update: ProjectUpdate): Promise<ProjectDetail> {
  return toProjectDetail(await apiClient.put<unknown>(projectPath(update.id), update));
}

/**
 * POST /api/projects/ { copy_from }: the server copies the project as stored, by the SPEC §5 rule
 * (named "COPY OF: …", unavailable fabrics become Undecided at price 0, inactive products are dropped).
 */
export async function copyProject(id: string): Promise<ProjectDetail> {
  return toProjectDetail(await apiClient.post<unknown>('/projects/', { copy_from: id }));
}

/** DELETE /api/projects/{id}/?revision= — refused (409) when the project changed since that revision. */
export const deleteProject = (id: string, revision: number) => apiClient.delete<unknown>(projectPath(id), { params: { revision } });

/**
 * PUT /api/projects/{id}/upload/ (multipart: image, fabric_id) → the stored image's path, and the
 * project's revision after recording it (the upload is a change of the project too).
 */
export async function uploadImage(id: string, fabricId: string, file: File): Promise<{ path: string; revision: number | null }> {
  const form = new FormData();
  form.append('image', file);
  form.append('fabric_id', fabricId);
  const data = await apiClient.put<{ image?: { path?: unknown }; revision?: unknown } | undefined>(`${projectPath(id)}upload/`, form);
  const path = data?.image?.path;
  return { path: typeof path === 'string' && path ? path : file.name, revision: typeof data?.revision === 'number' ? data.revision : null };
}

/**
 * POST /api/guests/ { email, project } — creates the guest user (logged in as a guest) and their
 * project; the profile-completion link is e-mailed. Answers the new project's id and the message.
 */
export async function createGuest(email: string, draft: ProjectDraft): Promise<{ projectId: string | null; message: string | null }> {
  const data = await apiClient.post<{ project?: { id?: unknown }; message?: unknown } | undefined>('/guests/', { email, project: draft });
  return {
    projectId: data?.project?.id === undefined || data.project.id === null ? null : String(data.project.id),
    message: typeof data?.message === 'string' ? data.message : null,
  };
}

/** A step of the customer timeline (GET /api/projects/{id}/timeline/). */
export interface TimelineEntry {
  step: string;
  label: string;
  at: string;
  detail: Record<string, unknown>;
}

export async function fetchTimeline(id: string): Promise<TimelineEntry[]> {
  // Answers { id, state, progress, shipment, steps }; a bare list is accepted too.
  const data = await apiClient.get<{ steps?: TimelineEntry[] } | TimelineEntry[] | undefined>(`/projects/${encodeURIComponent(id)}/timeline/`);
  return Array.isArray(data) ? data : (data?.steps ?? []);
}
