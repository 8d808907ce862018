import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../../support/http-client.js';
import type { TestShop } from '../../support/shop.js';
import { activeCustomer, completeFabric, customItem, staffClient, startCommandShop } from '../commands/helpers.js';

// The read side fed by the real HTTP command API: every write answers its revision, and the
// next read passes it back in X-Min-Revision, so no test sleeps or polls.
let shop: TestShop;
let customer: ApiClient;
let customerId: string;
let staff: ApiClient;
beforeAll(async () => {
  shop = await startCommandShop();
  const made = await activeCustomer(shop, 'Rita Reader');
  customer = made.client;
  customerId = made.userId;
  staff = await staffClient(shop);
});
afterAll(async () => {
  await shop?.stop();
});

const seen = (projectId: string, revision: number) => ({ 'x-min-revision': `project-${projectId}@${revision}` });

describe('reads after writes through the command API', () => {
  it('follows a project from draft to a paid deposit in the customer list, detail, timeline, internal detail, audit log and revenue', async () => {
    const created = await customer.post('/api/projects/', { name: 'Bay window', fabrics: [completeFabric()] });
    expect(created.status, created.text).toBe(201);
    const id: string = created.body.id;
    const list = await customer.get('/api/projects/', seen(id, created.body.revision));
    expect(list.headers.get('x-min-revision-status')).toBe('reached');
    expect(list.body.map((project: any) => [project.id, project.state])).toEqual([[id, 'D']]);

    await customer.put(`/api/projects/${id}/`, { state: 'R' });
    await staff.put(`/api/internal/projects/${id}/`, { fabrics: [{ ...completeFabric(), items: [{ ...customItem, unit_price: 10_000, yardage: 1 }] }] });
    await staff.put(`/api/internal/projects/${id}/`, { state: 'A' });
    const paid = await customer.put(`/api/checkout/${id}/`, {
      shipping_notes: { shipping_address: { recipient_name: 'Rita', line1: '1 Main St', city: 'Brooklyn', state: 'NY', postal_code: '11201' }, delivery_type: 2 },
      notes: { payment_details: { partial_payment: true } },
      payment: { token: 'tok_sandbox_visa' },
    });
    expect(paid.status, paid.text).toBe(200);
    const deposit: number = paid.body.payment.amount;

    const detail = await customer.get(`/api/projects/${id}/`, seen(id, paid.body.revision));
    expect(detail.headers.get('x-min-revision-status')).toBe('reached');
    expect(detail.body).toMatchObject({ id, state: 'P', user: customerId, partial_payment: true, revision: paid.body.revision });
    expect(detail.body.cost.paid).toBe(deposit);
    expect((await customer.get(`/api/checkout/${id}/`)).body).toMatchObject({ id, state: 'P' });

    const timeline = await customer.get(`/api/projects/${id}/timeline/`);
    expect(timeline.body.steps.map((step: any) => step.step)).toEqual(['created', 'submitted', 'approved', 'partially_paid']);

    const internal = await staff.get(`/api/internal/projects/${id}/`);
    expect(internal.body.activity.map((entry: any) => entry.kind)).toEqual(expect.arrayContaining(['S', 'P']));
    expect(internal.body.activity.find((entry: any) => entry.kind === 'P')).toMatchObject({ actor: customerId });

    const audit = await staff.get(`/api/internal/projects/${id}/events/`);
    expect(audit.body.events[0]).toMatchObject({ revision: 0, type: 'ProjectCreated', actor: customerId, actor_name: 'Rita Reader' });
    expect(audit.body.events.map((entry: any) => entry.revision)).toEqual(audit.body.events.map((_: unknown, index: number) => index));

    const rolling = await staff.get('/api/stats/rolling_revenue/?days=1', seen(id, paid.body.revision));
    expect(rolling.body).toMatchObject({ revenue: deposit, payments: 1 });
    expect((await staff.get('/api/internal/projects/?state=P')).body.map((project: any) => project.id)).toEqual([id]);
  });

  it('shows the current user and an organization made through the command API', async () => {
    expect((await customer.get('/api/users/')).body).toMatchObject({ user_id: customerId, name: 'Rita Reader', is_staff: false });
    const organization = await staff.post('/api/internal/organizations/', { name: 'Readers Inn' });
    expect(organization.status, organization.text).toBe(201);
    const detail = await staff.get(`/api/internal/organizations/${organization.body.id}/`, { 'x-min-revision': `organization-${organization.body.id}@${organization.body.revision}` });
    expect(detail.body).toMatchObject({ id: organization.body.id, name: 'Readers Inn', members: [] });
  });
});
