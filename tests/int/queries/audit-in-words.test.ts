import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../../support/http-client.js';
import type { TestShop } from '../../support/shop.js';
import { activeCustomer, completeFabric, customItem, staffClient, startCommandShop } from '../commands/helpers.js';

// The staff audit log in words, through the real command and query APIs: names and roles are
// joined from the users read model when the log is read, so a rename shows on past lines.
let shop: TestShop;
let customer: ApiClient;
let customerId: string;
let staff: ApiClient;
beforeAll(async () => {
  shop = await startCommandShop();
  const made = await activeCustomer(shop, 'Wendy Walker');
  customer = made.client;
  customerId = made.userId;
  staff = await staffClient(shop);
});
afterAll(async () => {
  await shop?.stop();
});

const seen = (projectId: string, revision: number) => ({ 'x-min-revision': `project-${projectId}@${revision}` });

describe('the audit log in words', () => {
  it('names who acted and what they did in business words, with the raw event kept, and follows a rename', async () => {
    const created = await customer.post('/api/projects/', { name: 'Bay window', fabrics: [completeFabric()] });
    expect(created.status, created.text).toBe(201);
    const id: string = created.body.id;
    await customer.put(`/api/projects/${id}/`, { state: 'R' });
    await staff.put(`/api/internal/projects/${id}/`, { fabrics: [{ ...completeFabric(), items: [{ ...customItem, unit_price: 31_250, yardage: 1 }] }] });
    const approved = await staff.put(`/api/internal/projects/${id}/`, { state: 'A' });
    expect(approved.status, approved.text).toBe(200);

    const audit = await staff.get(`/api/internal/projects/${id}/events/`, seen(id, approved.body.revision));
    const events = audit.body.events as any[];
    expect(events[0]).toMatchObject({
      type: 'ProjectCreated',
      event_name: 'Project created',
      actor: customerId,
      actor_name: 'Wendy Walker',
      actor_role: 'customer',
      summary: expect.stringMatching(/^Wendy Walker \(customer\) created the project: Name Bay window/),
    });
    expect(events[0].changes_in_words.map((change: any) => change.field)).not.toContain('id');
    expect(events[0].changes.length).toBeGreaterThan(events[0].changes_in_words.length);
    expect(events[0].data).toMatchObject({ name: 'Bay window' });

    const approval = events.find((entry) => entry.type === 'ProjectApproved');
    expect(approval).toMatchObject({ event_name: 'Quote approved', actor_role: 'staff' });
    expect(approval.changes_in_words).toEqual(expect.arrayContaining([{ field: 'state', label: 'State', from: 'Review', to: 'Approved' }]));
    expect(approval.summary).toMatch(/\(staff\) approved the quote: State Review → Approved/);
    const approvedOn = approval.changes_in_words.find((change: any) => change.field === 'approved');
    expect(approvedOn.to).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);

    const renamed = await customer.put('/api/users/', { name: 'Wendy Walker-Stone' });
    expect(renamed.status, renamed.text).toBe(200);
    const profile = await customer.get('/api/users/', { 'x-min-revision': `account-${customerId}@${renamed.body.revision}` });
    expect(profile.body.name).toBe('Wendy Walker-Stone');
    const after = await staff.get(`/api/internal/projects/${id}/events/`);
    expect(after.body.events[0]).toMatchObject({ actor_name: 'Wendy Walker-Stone', summary: expect.stringMatching(/^Wendy Walker-Stone \(customer\) created/) });
  });
});
