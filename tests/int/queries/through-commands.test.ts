import { describe, expect, it } from 'vitest';
import { completeFabric, customItem, seenProject, shopWithCustomerAndStaff } from '../commands/helpers.js';

// The read side fed by the real HTTP command API: every write answers its revision, and the
// next read passes it back in X-Min-Revision, so no test sleeps or polls.
const world = shopWithCustomerAndStaff('Rita Reader');

describe('reads after writes through the command API', () => {
  it('follows a project from draft to a paid deposit in the customer list, detail, timeline, internal detail, audit log and revenue', async () => {
    const created = await world.customer.post('/api/projects/', { name: 'Bay window', fabrics: [completeFabric()] });
    expect(created.status, created.text).toBe(201);
    const id: string = created.body.id;
    const list = await world.customer.get('/api/projects/', seenProject(id, created.body.revision));
    expect(list.headers.get('x-min-revision-status')).toBe('reached');
    expect(list.body.map((project: any) => [project.id, project.state])).toEqual([[id, 'D']]);

    await world.customer.put(`/api/projects/${id}/`, { state: 'R' });
    await world.staff.put(`/api/internal/projects/${id}/`, { fabrics: [{ ...completeFabric(), items: [{ ...customItem, unit_price: 10_000, yardage: 1 }] }] });
    await world.staff.put(`/api/internal/projects/${id}/`, { state: 'A' });
    const paid = await world.customer.put(`/api/checkout/${id}/`, {
      shipping_notes: { shipping_address: { recipient_name: 'Rita', line1: '1 Main St', city: 'Brooklyn', state: 'NY', postal_code: '11201' }, delivery_type: 2 },
      notes: { payment_details: { partial_payment: true } },
      payment: { token: 'tok_sandbox_visa' },
    });
    expect(paid.status, paid.text).toBe(200);
    const deposit: number = paid.body.payment.amount;

    const detail = await world.customer.get(`/api/projects/${id}/`, seenProject(id, paid.body.revision));
    expect(detail.headers.get('x-min-revision-status')).toBe('reached');
    expect(detail.body).toMatchObject({ id, state: 'P', user: world.customerId, partial_payment: true });
    // At least the payment's revision: the payment reactor may have recorded the card's capture after it (decision 0380).
    expect(detail.body.revision).toBeGreaterThanOrEqual(paid.body.revision);
    expect(detail.body.cost.paid).toBe(deposit);
    expect((await world.customer.get(`/api/checkout/${id}/`)).body).toMatchObject({ id, state: 'P' });

    const timeline = await world.customer.get(`/api/projects/${id}/timeline/`);
    expect(timeline.body.steps.map((step: any) => step.step)).toEqual(['created', 'submitted', 'approved', 'partially_paid']);

    const internal = await world.staff.get(`/api/internal/projects/${id}/`);
    expect(internal.body.activity.map((entry: any) => entry.kind)).toEqual(expect.arrayContaining(['S', 'P']));
    expect(internal.body.activity.find((entry: any) => entry.kind === 'P')).toMatchObject({ actor: world.customerId });

    const audit = await world.staff.get(`/api/internal/projects/${id}/events/`);
    expect(audit.body.events[0]).toMatchObject({ revision: 0, type: 'ProjectCreated', actor: world.customerId, actor_name: 'Rita Reader' });
    expect(audit.body.events.map((entry: any) => entry.revision)).toEqual(audit.body.events.map((_: unknown, index: number) => index));

    const rolling = await world.staff.get('/api/stats/rolling_revenue/?days=1', seenProject(id, paid.body.revision));
    expect(rolling.body).toMatchObject({ revenue: deposit, payments: 1 });
    expect((await world.staff.get('/api/internal/projects/?state=P')).body.map((project: any) => project.id)).toEqual([id]);
  });

  it('shows the current user and an organization made through the command API', async () => {
    expect((await world.customer.get('/api/users/')).body).toMatchObject({ user_id: world.customerId, name: 'Rita Reader', is_staff: false });
    const organization = await world.staff.post('/api/internal/organizations/', { name: 'Readers Inn' });
    expect(organization.status, organization.text).toBe(201);
    const detail = await world.staff.get(`/api/internal/organizations/${organization.body.id}/`, { 'x-min-revision': `organization-${organization.body.id}@${organization.body.revision}` });
    expect(detail.body).toMatchObject({ id: organization.body.id, name: 'Readers Inn', members: [] });
  });
});
