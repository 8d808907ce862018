import { expect } from 'vitest';
import type { ApiClient } from '../../support/http-client.js';
import { completeFabric } from '../commands/helpers.js';

/**
 * Who may call what: every endpoint of SPEC §7 (and our extras) × the five kinds of caller, with
 * the answer each must get (docs/decisions/0080-authorization-matrix.md). The test generates one
 * case per cell, and fails when the OpenAPI document lists an endpoint this table has no row for.
 *
 * Outcomes:
 *  - 'ok': a 2xx answer (reads where the caller must really see the thing);
 *  - 'allowed': past the access checks: anything but 401 and 403 (writes are sent with a stale
 *    `revision` or an invalid body, so they prove access without changing anything: 400/404/409/422);
 *  - 401 (not logged in), 403 (not allowed), 404 (hidden: not told it exists).
 */
export const ROLES = ['anonymous', 'guest', 'customer', 'otherCustomer', 'staff'] as const;
export type Role = (typeof ROLES)[number];
export type Outcome = 'ok' | 'allowed' | 401 | 403 | 404;

/** Ids the rows point at: the owner's project, its staff note and image, an organization. */
export interface Fixtures {
  projectId: string;
  noteId: string;
  uploadPath: string;
  organizationId: string;
  mailId: string;
  png: Buffer;
}

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6300010000050001' + '0d0a2db40000000049454e44ae426082', 'hex');

/** Makes the rows' fixtures through a shop's own HTTP API: the owner's project with an image, a staff note, an organization. */
export async function makeFixtures(owner: ApiClient, staff: ApiClient, label: string): Promise<Fixtures> {
  const created = await owner.post('/api/projects/', { name: `${label} project`, fabrics: [completeFabric()] });
  expect(created.status, created.text).toBe(201);
  const projectId = created.body.id as string;
  const form = new FormData();
  form.set('fabric_id', 'f1');
  form.set('image', new Blob([new Uint8Array(PNG)]), 'swatch.png');
  const uploaded = await owner.put(`/api/projects/${projectId}/upload/`, form);
  expect(uploaded.status, uploaded.text).toBe(200);
  const note = await staff.post(`/api/internal/projects/${projectId}/notes/`, { text: 'Call before delivery' });
  expect(note.status, note.text).toBe(201);
  const organization = await staff.post('/api/internal/organizations/', { name: `${label} Hotels` });
  expect(organization.status, organization.text).toBe(201);
  const mail = await staff.get('/api/internal/mail/');
  return {
    projectId,
    noteId: (note.body.staff_notes as Array<{ id: string }>).at(-1)!.id,
    uploadPath: (uploaded.body.image.url as string).replace('/api/uploads/', ''),
    organizationId: organization.body.id as string,
    mailId: (mail.body as Array<{ id: string }>)[0]!.id,
    png: PNG,
  };
}

export interface MatrixRow {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** As the OpenAPI document writes it, under /api. */
  path: string;
  /** SPEC §7 lists it (false: one of our extras). */
  spec: boolean;
  /** The concrete request: path with ids, and the body. */
  request: (fx: Fixtures) => { url: string; body?: unknown };
  expect: Record<Role, Outcome>;
  /** Ends or replaces the caller's session: run with a fresh one. */
  changesSession?: boolean;
}

/** A revision no stream has reached: a write that names it is refused with 409 and changes nothing. */
export const STALE = 999_999;

const everyone: Record<Role, Outcome> = { anonymous: 'allowed', guest: 'allowed', customer: 'allowed', otherCustomer: 'allowed', staff: 'allowed' };
const everyoneOk: Record<Role, Outcome> = { anonymous: 'ok', guest: 'ok', customer: 'ok', otherCustomer: 'ok', staff: 'ok' };
const loggedIn: Record<Role, Outcome> = { anonymous: 401, guest: 'allowed', customer: 'allowed', otherCustomer: 'allowed', staff: 'allowed' };
const registered: Record<Role, Outcome> = { anonymous: 401, guest: 403, customer: 'allowed', otherCustomer: 'allowed', staff: 'allowed' };
const staffOnly: Record<Role, Outcome> = { anonymous: 401, guest: 403, customer: 403, otherCustomer: 403, staff: 'allowed' };
const staffReads: Record<Role, Outcome> = { ...staffOnly, staff: 'ok' };
/** The owner's project: its owner and staff; a stranger gets 403 (decision 0080). */
const ownerReads: Record<Role, Outcome> = { anonymous: 401, guest: 403, customer: 'ok', otherCustomer: 403, staff: 'ok' };
const ownerWrites: Record<Role, Outcome> = { anonymous: 401, guest: 403, customer: 'allowed', otherCustomer: 403, staff: 'allowed' };

const project = (fx: Fixtures, rest = '') => `/api/projects/${fx.projectId}/${rest}`;
const internalProject = (fx: Fixtures, rest = '') => `/api/internal/projects/${fx.projectId}/${rest}`;
const organization = (fx: Fixtures, rest = '') => `/api/internal/organizations/${fx.organizationId}/${rest}`;
const nobody = 'nobody-at-all@shop.test';

export const AUTHORIZATION_MATRIX: MatrixRow[] = [
  // Session and users
  { method: 'POST', path: '/sessions/', spec: true, request: () => ({ url: '/api/sessions/', body: {} }), expect: everyone },
  { method: 'DELETE', path: '/sessions', spec: true, request: () => ({ url: '/api/sessions' }), expect: everyoneOk, changesSession: true },
  { method: 'GET', path: '/users/', spec: true, request: () => ({ url: '/api/users/' }), expect: everyoneOk },
  { method: 'POST', path: '/users/', spec: true, request: () => ({ url: '/api/users/', body: {} }), expect: everyone },
  { method: 'PUT', path: '/users/', spec: true, request: () => ({ url: '/api/users/', body: { phone: 12 } }), expect: loggedIn },
  { method: 'POST', path: '/activation/', spec: true, request: () => ({ url: '/api/activation/', body: {} }), expect: everyone },
  { method: 'PUT', path: '/activation/', spec: true, request: () => ({ url: '/api/activation/', body: { activation_key: 'not-a-key' } }), expect: everyone },
  { method: 'POST', path: '/password-reset/reset_password/', spec: true, request: () => ({ url: '/api/password-reset/reset_password/', body: {} }), expect: everyone },
  { method: 'POST', path: '/password-reset/confirm/', spec: true, request: () => ({ url: '/api/password-reset/confirm/', body: { token: 'nope', password: 'Short1' } }), expect: everyone },
  { method: 'GET', path: '/profile-completion/{key}', spec: true, request: () => ({ url: '/api/profile-completion/not-a-key' }), expect: everyone },
  { method: 'PUT', path: '/profile-completion/{token}/', spec: true, request: () => ({ url: '/api/profile-completion/not-a-token/', body: {} }), expect: everyone },
  { method: 'POST', path: '/guests/', spec: true, request: () => ({ url: '/api/guests/', body: {} }), expect: everyone },

  // Catalogue and banner
  { method: 'GET', path: '/products/', spec: true, request: () => ({ url: '/api/products/' }), expect: everyoneOk },
  { method: 'GET', path: '/fabrics/', spec: true, request: () => ({ url: '/api/fabrics/' }), expect: everyoneOk },
  { method: 'GET', path: '/notifications/', spec: true, request: () => ({ url: '/api/notifications/' }), expect: everyoneOk },

  // Projects (customer)
  { method: 'GET', path: '/projects/', spec: true, request: () => ({ url: '/api/projects/' }), expect: { anonymous: 401, guest: 'ok', customer: 'ok', otherCustomer: 'ok', staff: 'ok' } },
  { method: 'POST', path: '/projects/', spec: true, request: () => ({ url: '/api/projects/', body: {} }), expect: registered },
  { method: 'GET', path: '/projects/{id}/', spec: true, request: (fx) => ({ url: project(fx) }), expect: ownerReads },
  { method: 'PUT', path: '/projects/{id}/', spec: true, request: (fx) => ({ url: project(fx), body: { name: 'Renamed', revision: STALE } }), expect: ownerWrites },
  { method: 'DELETE', path: '/projects/{id}/', spec: true, request: (fx) => ({ url: `${project(fx)}?revision=${STALE}` }), expect: ownerWrites },
  {
    method: 'PUT',
    path: '/projects/{id}/upload/',
    spec: true,
    request: (fx) => {
      const form = new FormData();
      form.set('fabric_id', 'f1');
      form.set('revision', String(STALE));
      form.set('image', new Blob([new Uint8Array(fx.png)]), 'swatch.png');
      return { url: project(fx, 'upload/'), body: form };
    },
    expect: ownerWrites,
  },
  { method: 'GET', path: '/projects/{id}/timeline/', spec: false, request: (fx) => ({ url: project(fx, 'timeline/') }), expect: ownerReads },
  { method: 'GET', path: '/checkout/{id}/', spec: true, request: (fx) => ({ url: `/api/checkout/${fx.projectId}/` }), expect: ownerReads },
  { method: 'PUT', path: '/checkout/{id}/', spec: true, request: (fx) => ({ url: `/api/checkout/${fx.projectId}/`, body: { name: 'Renamed', revision: STALE } }), expect: ownerWrites },
  // An image is hidden from whoever may not see its project: 404, not 403 (decision 0080).
  { method: 'GET', path: '/uploads/{projectId}/{file}', spec: false, request: (fx) => ({ url: `/api/uploads/${fx.uploadPath}` }), expect: { anonymous: 401, guest: 404, customer: 'ok', otherCustomer: 404, staff: 'ok' } },

  // Projects (internal)
  { method: 'GET', path: '/internal/projects/', spec: true, request: () => ({ url: '/api/internal/projects/' }), expect: staffReads },
  { method: 'GET', path: '/internal/projects/{id}/', spec: true, request: (fx) => ({ url: internalProject(fx) }), expect: staffReads },
  { method: 'PUT', path: '/internal/projects/{id}/', spec: true, request: (fx) => ({ url: internalProject(fx), body: { revision: STALE } }), expect: staffOnly },
  { method: 'POST', path: '/internal/projects/{id}/notes/', spec: true, request: (fx) => ({ url: internalProject(fx, 'notes/'), body: { text: 'x', revision: STALE } }), expect: staffOnly },
  { method: 'PUT', path: '/internal/projects/{id}/notes/{noteId}/', spec: true, request: (fx) => ({ url: internalProject(fx, `notes/${fx.noteId}/`), body: { text: 'y', revision: STALE } }), expect: staffOnly },
  { method: 'DELETE', path: '/internal/projects/{id}/notes/{noteId}/', spec: true, request: (fx) => ({ url: `${internalProject(fx, `notes/${fx.noteId}/`)}?revision=${STALE}` }), expect: staffOnly },
  ...(['invoice', 'pause', 'unpause', 'reminder'] as const).map(
    (action): MatrixRow => ({
      method: 'POST',
      path: `/internal/projects/{id}/${action}/`,
      spec: true,
      request: (fx) => ({ url: internalProject(fx, `${action}/`), body: { email: nobody, message: 'x', revision: STALE } }),
      expect: staffOnly,
    }),
  ),
  { method: 'GET', path: '/internal/projects/{id}/summary/', spec: true, request: (fx) => ({ url: internalProject(fx, 'summary/') }), expect: staffReads },
  { method: 'GET', path: '/internal/projects/{id}/events/', spec: false, request: (fx) => ({ url: internalProject(fx, 'events/') }), expect: staffReads },
  { method: 'GET', path: '/internal/check-user/', spec: true, request: () => ({ url: `/api/internal/check-user/?email=${nobody}` }), expect: staffOnly },
  { method: 'PUT', path: '/internal/transfer/', spec: true, request: (fx) => ({ url: '/api/internal/transfer/', body: { project_id: fx.projectId, email: nobody } }), expect: staffOnly },

  // Organizations
  { method: 'GET', path: '/internal/organizations/', spec: true, request: () => ({ url: '/api/internal/organizations/' }), expect: staffReads },
  { method: 'POST', path: '/internal/organizations/', spec: true, request: () => ({ url: '/api/internal/organizations/', body: {} }), expect: staffOnly },
  { method: 'GET', path: '/internal/organizations/{id}/', spec: true, request: (fx) => ({ url: organization(fx) }), expect: staffReads },
  { method: 'PUT', path: '/internal/organizations/{id}/', spec: true, request: (fx) => ({ url: organization(fx), body: { name: 'Renamed', revision: STALE } }), expect: staffOnly },
  { method: 'DELETE', path: '/internal/organizations/{id}/', spec: true, request: (fx) => ({ url: `${organization(fx)}?revision=${STALE}` }), expect: staffOnly },
  { method: 'POST', path: '/internal/organizations/{id}/add_member/', spec: true, request: (fx) => ({ url: organization(fx, 'add_member/'), body: { email: nobody, revision: STALE } }), expect: staffOnly },
  { method: 'POST', path: '/internal/organizations/{id}/remove_member/', spec: true, request: (fx) => ({ url: organization(fx, 'remove_member/'), body: { email: nobody, revision: STALE } }), expect: staffOnly },
  { method: 'GET', path: '/internal/organizations/{id}/shipped_projects/', spec: true, request: (fx) => ({ url: organization(fx, 'shipped_projects/') }), expect: staffReads },

  // Statistics
  { method: 'GET', path: '/stats/monthly_revenue/', spec: true, request: () => ({ url: '/api/stats/monthly_revenue/' }), expect: staffReads },
  { method: 'GET', path: '/stats/rolling_revenue/', spec: true, request: () => ({ url: '/api/stats/rolling_revenue/?days=30' }), expect: staffReads },
  { method: 'GET', path: '/stats/production_revenue/', spec: true, request: () => ({ url: '/api/stats/production_revenue/?states=P,I' }), expect: staffReads },
  { method: 'GET', path: '/stats/products_due/', spec: true, request: () => ({ url: '/api/stats/products_due/' }), expect: staffReads },
  { method: 'GET', path: '/stats/projects_due/', spec: true, request: () => ({ url: '/api/stats/projects_due/' }), expect: staffReads },
  { method: 'GET', path: '/stats/funnel/', spec: false, request: () => ({ url: '/api/stats/funnel/?from=2026-01-01&product_type=P' }), expect: staffReads },
  { method: 'GET', path: '/stats/lead_times/', spec: false, request: () => ({ url: '/api/stats/lead_times/?to=2026-12-31' }), expect: staffReads },

  // Extras: the shop's own notifications, written mail, the API document
  { method: 'GET', path: '/internal/notifications/', spec: false, request: () => ({ url: '/api/internal/notifications/' }), expect: staffReads },
  { method: 'POST', path: '/internal/notifications/', spec: false, request: () => ({ url: '/api/internal/notifications/', body: {} }), expect: staffOnly },
  { method: 'PUT', path: '/internal/notifications/{id}/', spec: false, request: () => ({ url: '/api/internal/notifications/no-such-notification/', body: { active: 'yes' } }), expect: staffOnly },
  { method: 'DELETE', path: '/internal/notifications/{id}/', spec: false, request: () => ({ url: '/api/internal/notifications/no-such-notification/' }), expect: staffOnly },
  { method: 'GET', path: '/internal/mail/', spec: false, request: () => ({ url: '/api/internal/mail/' }), expect: staffReads },
  { method: 'GET', path: '/internal/mail/{id}', spec: false, request: (fx) => ({ url: `/api/internal/mail/${fx.mailId}` }), expect: staffReads },
  // Mail previews of a real project (decision 0316) and the outbox's failed and retried deliveries (decision 0327).
  { method: 'GET', path: '/internal/projects/{id}/mail-previews/{kind}/', spec: false, request: (fx) => ({ url: internalProject(fx, 'mail-previews/invoice/') }), expect: staffReads },
  { method: 'GET', path: '/internal/mail-deliveries/', spec: false, request: () => ({ url: '/api/internal/mail-deliveries/?status=failed' }), expect: staffReads },
  // Each card payment's capture, for staff (decision 0380).
  { method: 'GET', path: '/internal/payments/', spec: false, request: (fx) => ({ url: `/api/internal/payments/?project_id=${fx.projectId}` }), expect: staffReads },
  // Personal data (decisions 0160, 0161): the export is the caller's own; erasure without confirmation or of nobody changes nothing.
  { method: 'GET', path: '/users/export/', spec: false, request: () => ({ url: '/api/users/export/' }), expect: { anonymous: 401, guest: 'ok', customer: 'ok', otherCustomer: 'ok', staff: 'ok' } },
  { method: 'POST', path: '/users/erase/', spec: false, request: () => ({ url: '/api/users/erase/', body: {} }), expect: loggedIn },
  { method: 'POST', path: '/internal/users/{id}/erase/', spec: false, request: () => ({ url: '/api/internal/users/no-such-user/erase/' }), expect: staffOnly },
  // How many erasures still wait for the physical purge (decision 0162).
  { method: 'GET', path: '/internal/privacy/purge/', spec: false, request: () => ({ url: '/api/internal/privacy/purge/' }), expect: staffReads },
  // Operations (decision 0111): the health view and a retry of a stream nobody parked.
  // Everyone logged in may follow the changes of what they may read (decision 0170); its 200 is a stream.
  { method: 'GET', path: '/live/', spec: false, request: () => ({ url: '/api/live/' }), expect: { anonymous: 401, guest: 'ok', customer: 'ok', otherCustomer: 'ok', staff: 'ok' } },
  { method: 'GET', path: '/internal/projections/', spec: false, request: () => ({ url: '/api/internal/projections/' }), expect: staffReads },
  { method: 'GET', path: '/internal/log-digest/', spec: false, request: () => ({ url: '/api/internal/log-digest/' }), expect: staffOnly },
  { method: 'GET', path: '/read-models/lag/', spec: false, request: () => ({ url: '/api/read-models/lag/?read_models=projects,revenue' }), expect: everyoneOk },
  { method: 'POST', path: '/internal/projections/parked/retry/', spec: false, request: () => ({ url: '/api/internal/projections/parked/retry/', body: { projection: 'projects', stream_id: 'project-nobody' } }), expect: staffOnly },
  { method: 'GET', path: '/openapi.json', spec: false, request: () => ({ url: '/api/openapi.json' }), expect: everyoneOk },
];
