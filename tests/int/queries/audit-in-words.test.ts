import { describe, expect, it } from 'vitest';
import { completeFabric, customItem, seenProject, shopWithCustomerAndStaff } from '../commands/helpers.js';

// The staff audit log in words, through the real command and query APIs: names and roles are
// joined from the users read model when the log is read, so a rename shows on past lines.
const world = shopWithCustomerAndStaff('Wendy Walker');

describe('the audit log in words', () => {
  it('names who acted and what they did in business words, with the raw event kept, and follows a rename', async () => {
    const created = await world.customer.post('/api/projects/', { name: 'Bay window', fabrics: [completeFabric()] });
    expect(created.status, created.text).toBe(201);
    const id: string = created.body.id;
    await world.customer.put(`/api/projects/${id}/`, { state: 'R' });
    await world.staff.put(`/api/internal/projects/${id}/`, { fabrics: [{ ...completeFabric(), items: [{ ...customItem, unit_price: 31_250, yardage: 1 }] }] });
    const approved = await world.staff.put(`/api/internal/projects/${id}/`, { state: 'A' });
    expect(approved.status, approved.text).toBe(200);

    const audit = await world.staff.get(`/api/internal/projects/${id}/events/`, seenProject(id, approved.body.revision));
    const events = audit.body.events as any[];
    expect(events[0]).toMatchObject({
      type: 'ProjectCreated',
      event_name: 'Project created',
      actor: world.customerId,
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

    const renamed = await world.customer.put('/api/users/', { name: 'Wendy Walker-Stone' });
    expect(renamed.status, renamed.text).toBe(200);
    const profile = await world.customer.get('/api/users/', { 'x-min-revision': `account-${world.customerId}@${renamed.body.revision}` });
    expect(profile.body.name).toBe('Wendy Walker-Stone');
    const after = await world.staff.get(`/api/internal/projects/${id}/events/`);
    expect(after.body.events[0]).toMatchObject({ actor_name: 'Wendy Walker-Stone', summary: expect.stringMatching(/^Wendy Walker-Stone \(customer\) created/) });
  });

  it('gives each line the time the database recorded it beside the business time (decision 0351)', async () => {
    const created = await world.customer.post('/api/projects/', { name: 'Recorded times', fabrics: [] });
    expect(created.status, created.text).toBe(201);
    const id: string = created.body.id;
    const renamed = await world.customer.put(`/api/projects/${id}/`, { name: 'Recorded times, renamed' });
    expect(renamed.status, renamed.text).toBe(200);

    const audit = await world.staff.get(`/api/internal/projects/${id}/events/`, seenProject(id, renamed.body.revision));
    const events = audit.body.events as any[];
    expect(events.length).toBe(renamed.body.revision + 1);
    const stored = await world.shop.db.pool.query<{ event_id: string; recorded_at: string }>(
      `SELECT event_id, to_char(recorded_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS recorded_at
         FROM events WHERE stream_id = $1 ORDER BY stream_revision`,
      [audit.body.stream_id],
    );
    expect(events.map((entry) => [entry.event_id, entry.recorded_at])).toEqual(stored.rows.map((row) => [row.event_id, row.recorded_at]));
    for (const entry of events) {
      expect(entry.recorded_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/);
      expect(entry.at).toEqual(expect.any(String));
    }
  });
});
