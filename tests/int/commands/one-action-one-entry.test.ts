import { describe, expect, it } from 'vitest';
import { completeFabric, customItem, seenProject, shopWithCustomerAndStaff } from './helpers.js';

/** Issue 33: a staff member who does one thing (save prices, approve) leaves one line in the audit log. */
const world = shopWithCustomerAndStaff();

/** Sends a write and answers the log's event types once the log holds it (read-your-writes). */
async function typesAfter(id: string, write: Promise<{ status: number; text: string; body: { revision: number } }>): Promise<string[]> {
  const answer = await write;
  expect(answer.status, answer.text).toBe(200);
  const log = await world.staff.get(`/api/internal/projects/${id}/events/`, seenProject(id, answer.body.revision));
  expect(log.status, log.text).toBe(200);
  return (log.body.events as Array<{ type: string }>).map((entry) => entry.type);
}

async function inReview(name: string): Promise<{ id: string; log: string[] }> {
  const created = await world.customer.post('/api/projects/', { name, fabrics: [completeFabric()] });
  expect(created.status, created.text).toBe(201);
  const id = created.body.id as string;
  return { id, log: await typesAfter(id, world.customer.put(`/api/projects/${id}/`, { state: 'R' })) };
}

describe('one staff action, one audit entry', () => {
  it('saving prices writes "Items priced" alone; saving again unchanged writes nothing; approving with the same form writes "Quote approved" alone', async () => {
    const { id, log } = await inReview('Window seat');
    // What the pricing form sends: the fabrics as it holds them, with the prices typed in.
    const form = { fabrics: [{ ...completeFabric(), unit_price: 1_500, items: [{ ...customItem, unit_price: 12_000, yardage: 2.5 }] }], shipping_cost: 2_500 };
    const afterSave = await typesAfter(id, world.staff.put(`/api/internal/projects/${id}/`, form));
    expect(afterSave.slice(log.length)).toEqual(['ItemsPriced']);
    expect(await typesAfter(id, world.staff.put(`/api/internal/projects/${id}/`, form))).toEqual(afterSave);
    const afterApprove = await typesAfter(id, world.staff.put(`/api/internal/projects/${id}/`, { ...form, state: 'A', send_email: false }));
    expect(afterApprove.slice(afterSave.length)).toEqual(['ProjectApproved']);
  });

  it('a staff edit of the design with new prices is the design saved and the items priced, each once', async () => {
    const { id, log } = await inReview('Bench');
    const edited = { fabrics: [{ ...completeFabric(), items: [{ ...customItem, quantity: 3, unit_price: 9_000, yardage: 1 }] }] };
    expect((await typesAfter(id, world.staff.put(`/api/internal/projects/${id}/`, edited))).slice(log.length)).toEqual(['DraftSaved', 'ItemsPriced']);
  });
});
