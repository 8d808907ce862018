import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../../support/http-client.js';
import { startTestShop, type TestShop } from '../../support/shop.js';
import { appendDomainEvents, memberAdded, organizationCreated, projectCreated, projectEvents as e, registered } from './support/domain-events.js';
import { clientAs, customerUser, staffUser } from './support/sessions.js';

// Fixed past dates: day n of March 2024 at 10:00 UTC.
const t = (day: number, hour = 10) => `2024-03-${String(day).padStart(2, '0')}T${String(hour).padStart(2, '0')}:00:00.000Z`;
const STAFF = 'staff-1';

let shop: TestShop;
let customer: ApiClient;
let member: ApiClient;
let stranger: ApiClient;
let staff: ApiClient;
let fresh: Record<string, string>;

/** Each project's history, appended in this order; the last append is awaited with X-Min-Revision. */
async function buildProjects(): Promise<string> {
  const own = (projectId: string, day: number, name?: string) => projectCreated({ projectId, ownerId: 'c1', at: t(day), name });
  const toA = (id: string, day: number, name?: string) => [own(id, day, name), e.submitted(t(day, 11), 'c1'), e.approved(t(day, 12), STAFF)];
  const toP = (id: string, day: number, paidDay: number) => [...toA(id, day), e.paid(t(paidDay), 'c1', 49000)];
  const histories: Array<[string, Parameters<typeof appendDomainEvents>[2]]> = [
    ['project-pA', toA('pA', 2, 'Porch')],
    ['project-pD', [own('pD', 3, 'Kitchen bench')]],
    ['project-pR', [own('pR', 4), e.submitted(t(4, 11), 'c1')]],
    ['project-pP1', toP('pP1', 5, 10)],
    ['project-pP2', toP('pP2', 6, 8)],
    ['project-pI', [...toP('pI', 7, 9), e.started(t(11), STAFF, '2024-04-01'), e.noteAdded(t(11, 12), STAFF, 'n-1', 'Customer prefers mornings'), e.invoiceSent(t(11, 13), STAFF, 'c1@example.com')]],
    ['project-pPS', [...toP('pPS', 8, 9), e.paused(t(12), STAFF, 'P')]],
    ['project-pS', [...toP('pS', 1, 2), e.started(t(3), STAFF, '2024-03-20'), e.completed(t(15), STAFF), e.shipped(t(16), STAFF)]],
    ['project-pX', [own('pX', 9), { ...e.archived(t(13), STAFF) }]],
    ['project-pDel', [own('pDel', 10), e.deleted(t(10, 11), 'c1')]],
    ['project-pOrg', [projectCreated({ projectId: 'pOrg', ownerId: 'c2', organizationId: 'org-1', at: t(1), name: 'Hotel lobby' })]],
  ];
  for (const [stream, events] of histories) await appendDomainEvents(shop.db.pool, stream, events);
  await appendDomainEvents(shop.db.pool, 'account-c1', [registered('c1', 'c1@example.com', 'Cleo Customer', t(1, 9))]);
  await appendDomainEvents(shop.db.pool, 'account-staff-1', [registered(STAFF, 'staff@example.com', 'Sam Staff', t(1, 9))]);
  const revision = await appendDomainEvents(shop.db.pool, 'organization-org-1', [organizationCreated('org-1', 'Grand Hotel', t(1), STAFF), memberAdded('m1', t(1, 11), STAFF)]);
  return `organization-org-1@${revision}`;
}

beforeAll(async () => {
  shop = await startTestShop();
  const last = await buildProjects();
  customer = await clientAs(shop.db.pool, shop.url, customerUser('c1'));
  member = await clientAs(shop.db.pool, shop.url, customerUser('m1'));
  stranger = await clientAs(shop.db.pool, shop.url, customerUser('c9'));
  staff = await clientAs(shop.db.pool, shop.url, staffUser(STAFF));
  // Every projection has passed the organization stream's last event, so all of the above.
  fresh = { 'x-min-revision': last };
  const ready = await staff.get('/api/internal/organizations/', fresh);
  expect(ready.headers.get('x-min-revision-status')).toBe('reached');
  const lastProject = await staff.get('/api/internal/projects/pOrg/', { 'x-min-revision': 'project-pOrg@0' });
  expect(lastProject.headers.get('x-min-revision-status')).toBe('reached');
});
afterAll(async () => {
  await shop?.stop();
});

const ids = (body: Array<{ id: string }>) => body.map((project) => project.id);

describe('GET /api/projects/', () => {
  it('lists only the caller’s projects in the SPEC §4 customer order: A, PS, D, R, P by paid, I by due, C, S, X', async () => {
    const response = await customer.get('/api/projects/');
    expect(response.status).toBe(200);
    expect(ids(response.body)).toEqual(['pA', 'pPS', 'pD', 'pR', 'pP2', 'pP1', 'pI', 'pS', 'pX']);
    expect(response.body[0]).toMatchObject({ id: 'pA', name: 'Porch', state: 'A', user: 'c1', readiness: 'Awaiting Fabric & Onsite Visit', total_quantity: 3 });
    // labor 2 × 9500 + 30000, fabric 2500 × 2 yd (shop's own), tax exempt, pick-up: 54000.
    expect(response.body[0].total).toBe(54000);
  });

  it('filters by state (one code or a comma list) and by a case-insensitive name substring', async () => {
    expect(ids((await customer.get('/api/projects/?state=P')).body)).toEqual(['pP2', 'pP1']);
    expect(ids((await customer.get('/api/projects/?state=I,R')).body)).toEqual(['pR', 'pI']);
    expect(ids((await customer.get('/api/projects/?name=BENCH')).body)).toEqual(['pD']);
    expect((await customer.get('/api/projects/?state=Q')).status).toBe(400);
  });

  it('shows a member their organization’s projects, and a stranger nothing', async () => {
    expect(ids((await member.get('/api/projects/')).body)).toEqual(['pOrg']);
    expect((await stranger.get('/api/projects/')).body).toEqual([]);
  });

  it('needs a login', async () => {
    const anonymous = await fetch(new URL('/api/projects/', shop.url));
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toEqual({ status: 401, message: 'Please log in.' });
  });
});

describe('GET /api/projects/{id}/ and /api/checkout/{id}/', () => {
  it('answers the SPEC §3 project with cost, progress and the customer timeline', async () => {
    const response = await customer.get('/api/projects/pI/');
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      id: 'pI',
      state: 'I',
      production_state: 'N',
      due: '2024-04-01',
      paid: t(9),
      onsite_complete: false,
      fabric_arrived: false,
      partial_payment: false,
      total_quantity: 3,
      has_upholstery: true,
      contains_upholstery: true,
      organization_id: null,
      production_time: 3,
      revision: 6,
      cost: { labor: 49000, fabric: 5000, subtotal: 54000, tax: 0, shipping: 0, total: 54000, paid: 54000, remaining: 0 },
      progress: { steps: ['Checkout', 'Awaiting Fabric', 'Production', 'Shipment'], current: 2, done: false },
    });
    expect(response.body.items).toHaveLength(2);
    expect(response.body.events.map((step: any) => step.step)).toEqual(['created', 'submitted', 'approved', 'paid', 'production_started']);
    expect(response.body).not.toHaveProperty('staff_notes');
    expect(response.body).not.toHaveProperty('activity');
  });

  it('serves checkout from the same read model, and answers failures with the error body', async () => {
    expect((await customer.get('/api/checkout/pA/')).body).toMatchObject({ id: 'pA', state: 'A', cost: { total: 54000, paid: 0, remaining: 54000 } });
    expect(await customer.get('/api/checkout/nope/')).toMatchObject({ status: 404, body: { status: 404, message: 'This project was not found.' } });
    expect(await stranger.get('/api/checkout/pA/')).toMatchObject({ status: 403, body: { status: 403 } });
  });

  it('lets a member read their organization’s project, hides deleted projects, refuses strangers', async () => {
    expect((await member.get('/api/projects/pOrg/')).status).toBe(200);
    expect((await customer.get('/api/projects/pDel/')).status).toBe(404);
    expect((await stranger.get('/api/projects/pI/')).status).toBe(403);
  });
});

describe('GET /api/projects/{id}/timeline/', () => {
  it('lists the customer-facing steps with dates and the tracking link, without staff-only detail', async () => {
    const response = await customer.get('/api/projects/pS/timeline/');
    expect(response.status).toBe(200);
    expect(response.body.steps).toEqual([
      { step: 'created', label: 'Project created', at: t(1), detail: {} },
      { step: 'submitted', label: 'Submitted for review', at: t(1, 11), detail: {} },
      { step: 'approved', label: 'Quote approved', at: t(1, 12), detail: {} },
      { step: 'paid', label: 'Payment received', at: t(2), detail: { amount: 49000 } },
      { step: 'production_started', label: 'Production started', at: t(3), detail: { due: '2024-03-20' } },
      { step: 'completed', label: 'Completed', at: t(15), detail: {} },
      {
        step: 'shipped',
        label: 'Shipped',
        at: t(16),
        detail: { carrier: 'ups', tracking_number: '1Z999', tracking_url: 'https://www.ups.com/track?tracknum=1Z999' },
      },
    ]);
    expect(response.body.progress).toEqual({ steps: ['Checkout', 'Awaiting Fabric', 'Production', 'Shipment'], current: 3, done: true });
    const paused = await customer.get('/api/projects/pPS/timeline/');
    expect(paused.body.steps.at(-1)).toMatchObject({ step: 'paused', at: t(12) });
    const internal = JSON.stringify((await customer.get('/api/projects/pI/timeline/')).body);
    expect(internal).not.toContain('Customer prefers mornings');
    expect(internal).not.toContain(STAFF);
  });
});

describe('internal project reads', () => {
  it('lists every project in the SPEC §4 internal order: D, R, A, P by paid, PS, I, C, S, X', async () => {
    const response = await staff.get('/api/internal/projects/');
    expect(response.status).toBe(200);
    // D: most recently updated first (pD on the 3rd, pOrg on the 1st).
    expect(ids(response.body)).toEqual(['pD', 'pOrg', 'pR', 'pA', 'pP2', 'pP1', 'pPS', 'pI', 'pS', 'pX']);
    expect(ids((await staff.get('/api/internal/projects/?state=P,PS&name=p')).body)).toEqual(['pP2', 'pP1', 'pPS']);
  });

  it('refuses customers with 403 and anonymous callers with 401 on every internal read', async () => {
    for (const path of ['/api/internal/projects/', '/api/internal/projects/pI/', '/api/internal/projects/pI/summary/', '/api/internal/projects/pI/events/', '/api/internal/check-user/?email=c1@example.com', '/api/internal/organizations/', '/api/internal/organizations/org-1/', '/api/internal/organizations/org-1/shipped_projects/', '/api/internal/notifications/']) {
      expect((await customer.get(path)).status, path).toBe(403);
      expect((await fetch(new URL(path, shop.url))).status, path).toBe(401);
    }
  });

  it('shows the detail with the activity log (P, S, E, PR), staff notes, cost and readiness', async () => {
    // Named at read time from the users read model; this history registers staff-1 as a plain account.
    const SAM = 'Sam Staff (customer)';
    const response = await staff.get('/api/internal/projects/pI/');
    expect(response.status).toBe(200);
    expect(response.body.activity).toEqual([
      { kind: 'S', text: 'Submitted for review', at: t(7, 11), actor: 'c1', actor_in_words: 'Cleo Customer (customer)' },
      { kind: 'S', text: 'Approved', at: t(7, 12), actor: STAFF, actor_in_words: SAM },
      { kind: 'P', text: 'Payment of $490.00 recorded', at: t(9), actor: 'c1', actor_in_words: 'Cleo Customer (customer)' },
      { kind: 'S', text: 'Production started, due 2024-04-01', at: t(11), actor: STAFF, actor_in_words: SAM },
      { kind: 'E', text: 'Invoice sent to c1@example.com', at: t(11, 13), actor: STAFF, actor_in_words: SAM },
    ]);
    expect(response.body.staff_notes).toEqual([{ id: 'n-1', text: 'Customer prefers mornings', author: STAFF, author_in_words: SAM, created: t(11, 12), updated: null }]);
    expect(response.body).toMatchObject({ readiness: 'Awaiting Fabric & Onsite Visit', cost: { total: 54000 }, revision: 6 });
  });

  it('summarises a project for the workroom with customer, yardage per fabric and cost', async () => {
    const response = await staff.get('/api/internal/projects/pI/summary/');
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      id: 'pI',
      // Its schema names the order number; a project created before numbers reads as its id's start (decision 0315).
      order_number: null,
      order_label: expect.stringMatching(/^Ref\. /),
      customer: { user_id: 'c1', name: 'Cleo Customer', email: 'c1@example.com' },
      organization: null,
      due: '2024-04-01',
      cost: { total: 54000 },
    });
    expect(response.body.fabrics.map((fabric: any) => [fabric.id, fabric.yardage])).toEqual([['f-1', 2], ['f-2', 0]]);
  });

  it('checks a user by e-mail for a transfer', async () => {
    expect((await staff.get('/api/internal/check-user/?email=C1@example.com')).body).toMatchObject({ user_id: 'c1', name: 'Cleo Customer' });
    expect(await staff.get('/api/internal/check-user/?email=nobody@example.com')).toMatchObject({ status: 404 });
    expect((await staff.get('/api/internal/check-user/')).status).toBe(400);
  });
});

describe('GET /api/internal/projects/{id}/events/ (audit log and time travel)', () => {
  it('lists every event in stream order with actor, time, type and what changed', async () => {
    const response = await staff.get('/api/internal/projects/pPS/events/');
    expect(response.status).toBe(200);
    const log = response.body.events;
    expect(log.map((entry: any) => [entry.revision, entry.type, entry.actor, entry.at])).toEqual([
      [0, 'ProjectCreated', 'c1', t(8)],
      [1, 'SubmittedForReview', 'c1', t(8, 11)],
      [2, 'ProjectApproved', STAFF, t(8, 12)],
      [3, 'PaymentRecorded', 'c1', t(9)],
      [4, 'ProjectPaused', STAFF, t(12)],
    ]);
    expect(log[4].changes).toEqual([
      { field: 'state', from: 'P', to: 'PS' },
      { field: 'paused', from: null, to: t(12) },
    ]);
    expect(log[2]).toMatchObject({ actor_name: 'Sam Staff', actor_email: 'staff@example.com' });
    expect(log[3].changes.map((change: any) => change.field)).toEqual(expect.arrayContaining(['state', 'paid', 'notes', 'paid_amount', 'balance_remaining']));
  });

  it('answers the project exactly as it was at as_of, folded from the stream', async () => {
    const response = await staff.get(`/api/internal/projects/pPS/events/?as_of=${encodeURIComponent(t(8, 12))}`);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ as_of: t(8, 12), revision: 2, project: { id: 'pPS', state: 'A', approved: t(8, 12), paid: null } });
    expect(response.body.events.map((entry: any) => entry.type)).toEqual(['ProjectCreated', 'SubmittedForReview', 'ProjectApproved']);
    const before = await staff.get('/api/internal/projects/pPS/events/?as_of=2024-01-01');
    expect(before.body).toMatchObject({ revision: -1, project: null, events: [] });
    expect((await staff.get('/api/internal/projects/pPS/events/?as_of=yesterday')).status).toBe(400);
  });
});

describe('organizations', () => {
  it('lists organizations and shows one with its members', async () => {
    expect((await staff.get('/api/internal/organizations/')).body).toMatchObject([{ id: 'org-1', name: 'Grand Hotel', members: ['m1'] }]);
    const detail = await staff.get('/api/internal/organizations/org-1/');
    expect(detail.body).toMatchObject({ id: 'org-1', member_details: [{ user_id: 'm1', email: '', name: '' }] });
    expect((await staff.get('/api/internal/organizations/nope/')).status).toBe(404);
  });

  it('lists the organization’s shipped projects only', async () => {
    expect((await staff.get('/api/internal/organizations/org-1/shipped_projects/')).body).toEqual([]);
  });
});

describe('paging the lists (docs/decisions/0065-paged-project-lists.md)', () => {
  it('answers a page of the ordered list with the total in X-Total-Count', async () => {
    const all = ids((await customer.get('/api/projects/')).body);
    const page = await customer.get('/api/projects/?limit=3&offset=2');
    expect(ids(page.body)).toEqual(all.slice(2, 5));
    expect(page.headers.get('x-total-count')).toBe(String(all.length));
    const internal = await staff.get('/api/internal/projects/?state=P,PS&limit=2');
    expect(internal.body).toHaveLength(2);
    expect(internal.headers.get('x-total-count')).toBe('3');
  });

  it('gives the exact total on the short last page, on a page past the end and on a member’s list', async () => {
    const all = ids((await customer.get('/api/projects/')).body);
    const total = String(all.length);
    expect((await customer.get('/api/projects/')).headers.get('x-total-count')).toBe(total);
    const last = await customer.get(`/api/projects/?limit=3&offset=${all.length - 1}`);
    expect(ids(last.body)).toEqual(all.slice(-1));
    expect(last.headers.get('x-total-count')).toBe(total);
    const past = await customer.get(`/api/projects/?limit=3&offset=${all.length + 5}`);
    expect(past.body).toEqual([]);
    expect(past.headers.get('x-total-count')).toBe(total);
    expect((await member.get('/api/projects/')).headers.get('x-total-count')).toBe('1');
  });

  it('refuses a page size out of bounds with 400', async () => {
    expect((await customer.get('/api/projects/?limit=0')).status).toBe(400);
    expect((await staff.get('/api/internal/projects/?limit=501')).status).toBe(400);
    expect((await staff.get('/api/internal/projects/?offset=-1')).status).toBe(400);
  });
});
