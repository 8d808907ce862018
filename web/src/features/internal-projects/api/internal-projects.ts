import type { ActivityKind, Carrier, Fabric, ProductionState, ProjectNotes, ProjectState, ShippingNotes, StaffNote } from '@shop/domain';
import { apiClient } from '../../../lib/api-client';
import { projectAnswerOf, type ProjectAnswer } from '../../../lib/project-answer';
import type { GetJson } from '../../../lib/api-types';

/** A row of GET /api/internal/projects/ (docs/api-conventions.md "Lists"). */
export interface InternalProjectSummary {
  /** The short order number; null for a project older than numbers (decision 0315). */
  order_number: number | null;
  /** "#1042", or "Ref. fd31a7ee" for an older project: what the page shows. */
  order_label: string;
  id: string | number;
  name: string;
  state: string;
  production_state?: string | null;
  /** The owner's id (for links); the name below is for reading. */
  user?: string;
  /** "Wendy Walker (customer)": the owner named at query time. */
  user_in_words?: string;
  user_name?: string | null;
  user_email?: string | null;
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

/** GET /api/internal/projects/?state=&name=&limit=&offset= — a page of every project in the SPEC §4 internal ordering. */
export async function fetchInternalProjects(filters: { state?: string; name?: string; limit?: number; offset?: number }): Promise<InternalProjectSummary[]> {
  const data = await apiClient.get<unknown>('/internal/projects/', { params: { ...filters } });
  return Array.isArray(data) ? (data as InternalProjectSummary[]) : [];
}


/** GET /api/internal/projects/{id}/ — the SPEC §3 project plus staff notes, activity, cost and readiness. */
export interface InternalProject extends ProjectAnswer {
  user: string;
  created: string | null;
  updated: string | null;
  submitted: string | null;
  approved: string | null;
  paid: string | null;
  due: string | null;
  fabric_arrived: boolean;
  onsite_complete: boolean;
  production_time: number;
  readiness: string | null;
  balance_remaining: number | null;
  shipment: { carrier: Carrier | null; tracking_number: string | null; tracking_url: string | null } | null;
  /** Each note's author named at query time (`author` stays the id). */
  staff_notes: Array<StaffNote & { author_in_words: string }>;
  activity: Array<{ kind: ActivityKind; text: string; at: string; actor: string; actor_in_words: string }>;
  /** The stream revision shown; every staff write sends it back (-1 when the answer named none: always stale). */
  revision: number;
}

function toInternalProject(data: unknown): InternalProject {
  const d = projectAnswerOf<InternalProject>(data);
  return {
    ...d,
    user: d.user ?? '',
    created: d.created ?? null,
    updated: d.updated ?? null,
    submitted: d.submitted ?? null,
    approved: d.approved ?? null,
    paid: d.paid ?? null,
    due: d.due ?? null,
    fabric_arrived: d.fabric_arrived === true,
    onsite_complete: d.onsite_complete === true,
    production_time: d.production_time ?? 3,
    readiness: d.readiness ?? null,
    balance_remaining: typeof d.balance_remaining === 'number' ? d.balance_remaining : null,
    shipment: d.shipment ?? null,
    staff_notes: Array.isArray(d.staff_notes) ? d.staff_notes : [],
    activity: Array.isArray(d.activity) ? d.activity : [],
    revision: typeof d.revision === 'number' ? d.revision : -1,
  };
}

const projectPath = (id: string) => `/internal/projects/${encodeURIComponent(id)}/`;

/**
 * GET /api/internal/projects/{id}/. After a write, `afterRevision` asks the read side to wait until
 * that revision of the project stream is projected (read-your-writes, X-Min-Revision).
 */
export async function fetchInternalProject(id: string, afterRevision?: number): Promise<InternalProject> {
  const headers = afterRevision === undefined ? undefined : { 'X-Min-Revision': `project-${id}@${afterRevision}` };
  return toInternalProject(await apiClient.get<unknown>(projectPath(id), headers ? { headers } : undefined));
}

/** GET …/summary/ — the customer's name and e-mail, among others. */
export async function fetchCustomer(id: string): Promise<{ name: string; email: string } | null> {
  try {
    const data = await apiClient.get<{ customer?: { name?: string; email?: string } | null } | undefined>(`${projectPath(id)}summary/`);
    return data?.customer ? { name: data.customer.name ?? '', email: data.customer.email ?? '' } : null;
  } catch {
    return null;
  }
}

/** PUT /api/internal/projects/{id}/: the update payload plus production fields, update_payment and send_email. */
export interface InternalUpdate {
  name?: string;
  category?: string | null;
  state?: ProjectState;
  fabrics?: Fabric[];
  notes?: ProjectNotes;
  shipping_notes?: ShippingNotes;
  shipping_cost?: number;
  production_state?: ProductionState;
  production_time?: number;
  due?: string;
  fabric_arrived?: true;
  onsite_complete?: true;
  carrier?: Carrier | null;
  tracking_number?: string | null;
  message?: string;
  reason?: string;
  update_payment?: { amount: number; partial: boolean; remaining?: number; details?: string };
  send_email?: boolean;
}

/*
 * Every staff write names the project it acts on by id and the revision the page showed
 * (`Shown`): a page someone else has changed since gets the 409 and the person reloads, rather
 * than writing over the other change (docs/decisions/0176-writes-carry-their-revision.md).
 */
type Shown = Pick<InternalProject, 'id' | 'revision'>;

export async function updateInternalProject(shown: Shown, update: InternalUpdate): Promise<InternalProject> {
  return toInternalProject(await apiClient.put<unknown>(projectPath(shown.id), { id: shown.id, ...update, revision: shown.revision }));
}

const notePath = (id: string, noteId: string) => `${projectPath(id)}notes/${encodeURIComponent(noteId)}/`;
export const addNote = async (shown: Shown, text: string) =>
  toInternalProject(await apiClient.post<unknown>(`${projectPath(shown.id)}notes/`, { text, revision: shown.revision }));
export const editNote = async (shown: Shown, noteId: string, text: string) =>
  toInternalProject(await apiClient.put<unknown>(notePath(shown.id, noteId), { text, revision: shown.revision }));
export const deleteNote = async (shown: Shown, noteId: string) =>
  toInternalProject(await apiClient.delete<unknown>(notePath(shown.id, noteId), { params: { revision: shown.revision } }));

/** POST …/invoice/ { email } — e-mails the invoice (to the customer when no address is given). */
export const sendInvoice = async (shown: Shown, email: string) =>
  toInternalProject(await apiClient.post<unknown>(`${projectPath(shown.id)}invoice/`, { ...(email ? { email } : {}), revision: shown.revision }));
const withMessage = (action: 'pause' | 'unpause' | 'reminder') => async (shown: Shown, message: string) =>
  toInternalProject(await apiClient.post<unknown>(`${projectPath(shown.id)}${action}/`, { message, revision: shown.revision }));
export const pauseProject = withMessage('pause');
export const unpauseProject = withMessage('unpause');
export const sendReminder = withMessage('reminder');

/** A line of the staff audit log (GET /api/internal/projects/{id}/events/): every event, who, when, what changed. */
export interface AuditEntry {
  revision: number;
  type: string;
  actor: string;
  at: string;
  /** When the database recorded it (decision 0351); null for events older than that record. */
  recorded_at?: string | null;
  /** The trace of the write that appended it, for the operator's collector (decision 0400); null when tracing was off. */
  trace_id?: string | null;
  changes: Array<{ field: string; from: unknown; to: unknown }>;
}

export async function fetchAuditLog(id: string): Promise<AuditEntry[]> {
  const data = await apiClient.get<{ events?: AuditEntry[] } | AuditEntry[] | undefined>(`${projectPath(id)}events/`);
  return Array.isArray(data) ? data : (data?.events ?? []);
}

/** GET /api/internal/log-digest/: the newest signed digest of the whole log, as an auditor keeps it (decision 0350). */
export type LogDigest = GetJson<'/internal/log-digest/'>;
export const LOG_DIGEST_PATH = '/internal/log-digest/';

/** The newest signed digest, or null while no digest seals the log yet (204). */
export async function fetchLogDigest(): Promise<LogDigest | null> {
  return (await apiClient.get<LogDigest | undefined>(LOG_DIGEST_PATH)) ?? null;
}

/** GET …/events/?as_of= — the project exactly as it was then (null before it existed) and the events up to then. */
export async function fetchProjectAsOf(id: string, asOf: string): Promise<{ project: InternalProject | null; events: AuditEntry[] }> {
  const data = await apiClient.get<{ project?: unknown; events?: AuditEntry[] } | undefined>(`${projectPath(id)}events/`, { params: { as_of: asOf } });
  return { project: data?.project ? toInternalProject(data.project) : null, events: data?.events ?? [] };
}

/** Every e-mail the shop sends, as staff's preview names them. */
export const mailPreviewKinds = ['invoice', 'pause', 'unpause', 'reminder', 'transfer', 'activation', 'password_reset', 'profile_completion'] as const;
export type MailPreviewKind = (typeof mailPreviewKinds)[number];

/** GET …/mail-previews/{kind}/: the mail as it would be sent now, both parts. */
export interface MailPreview {
  kind: MailPreviewKind;
  to: string;
  subject: string;
  html: string;
  text: string;
}

/** The HTML part alone, as a page of its own (GET …/mail-previews/{kind}/html). */
export const mailPreviewHtmlUrl = (id: string, kind: MailPreviewKind) => `/api${projectPath(id)}mail-previews/${kind}/html`;

export async function fetchMailPreview(id: string, kind: MailPreviewKind): Promise<MailPreview> {
  return apiClient.get<MailPreview>(`${projectPath(id)}mail-previews/${kind}/`);
}
