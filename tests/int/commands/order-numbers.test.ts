import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../../support/http-client.js';
import type { TestShop } from '../../support/shop.js';
import { activeCustomer, startCommandShop, staffClient } from './helpers.js';
import { readStreamEvents } from './stream.js';

/**
 * Order numbers (decision 0315): each created or copied project gets the next number of the
 * database sequence, carried by its creation event; the API shows it beside the UUID id, and the
 * staff list finds a project by it.
 */
let shop: TestShop;
let customer: ApiClient;
let staff: ApiClient;
beforeAll(async () => {
  shop = await startCommandShop();
  customer = (await activeCustomer(shop, 'Nora Numbers')).client;
  staff = await staffClient(shop);
});
afterAll(async () => {
  await shop?.stop();
});

type Answer = { id: string; revision: number; order_number: number | null; order_label: string };

async function create(name: string, extra: object = {}): Promise<Answer> {
  const created = await customer.post('/api/projects/', { name, fabrics: [], ...extra });
  expect(created.status, created.text).toBe(201);
  return created.body as Answer;
}

describe('order numbers', () => {
  it('numbers new and copied projects one after another, in the creation event', async () => {
    const first = await create('Living room pillows');
    const second = await create('Bedroom cushions');
    const copy = await create('COPY OF: Bedroom cushions', { copy_from: second.id });
    expect(first.order_number).toBeGreaterThanOrEqual(1001);
    expect(second.order_number).toBe(first.order_number! + 1);
    expect(copy.order_number).toBe(first.order_number! + 2);
    expect(first.order_label).toBe(`#${first.order_number}`);
    const [createdEvent] = await readStreamEvents(shop, `project-${copy.id}`);
    expect(createdEvent).toMatchObject({ type: 'ProjectCopied', data: { orderNumber: copy.order_number } });
  });

  it('shows the number on the customer and staff reads, and the staff list finds it with or without #', async () => {
    const project = await create('Porch swing cushion');
    const minRevision = { 'x-min-revision': `project-${project.id}@${project.revision}` };
    const read = await customer.get(`/api/projects/${project.id}/`, minRevision);
    expect(read.body).toMatchObject({ id: project.id, order_number: project.order_number, order_label: project.order_label });
    const internal = await staff.get(`/api/internal/projects/${project.id}/`, minRevision);
    expect(internal.body).toMatchObject({ order_label: project.order_label });
    for (const term of [`#${project.order_number}`, String(project.order_number)]) {
      const list = await staff.get(`/api/internal/projects/?name=${encodeURIComponent(term)}`);
      expect(list.status, list.text).toBe(200);
      const ids = (list.body as Answer[]).map((row) => row.id);
      expect(ids).toContain(project.id);
      expect((list.body as Answer[]).find((row) => row.id === project.id)?.order_label).toBe(project.order_label);
    }
  });
});
