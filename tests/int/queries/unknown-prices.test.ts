import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../../support/http-client.js';
import type { TestShop } from '../../support/shop.js';
import { activeCustomer, startCommandShop, staffClient } from '../commands/helpers.js';

/**
 * Issue 39, decision 0196: a price nobody has set is null ("Price TBD"), never a 0 that means
 * unknown, in every answer that carries the project's money.
 */
const MONEY = new Set(['total', 'labor', 'fabric', 'subtotal', 'tax', 'remaining']);

let shop: TestShop;
let customer: ApiClient;
let staff: ApiClient;
let projectId = '';

beforeAll(async () => {
  shop = await startCommandShop();
  customer = (await activeCustomer(shop, 'Una Unpriced')).client;
  staff = await staffClient(shop);
  const created = await customer.post('/api/projects/', {
    name: 'Unpriced pillows',
    fabrics: [
      { id: 'f1', name: 'Shop linen without a price yet', source: 'shop', items: [{ product_id: 1, product_type: 'P', product_style: 'Alex', size: '18x18', insert: 'poly', product_trim: null, quantity: 2 }] },
      { id: 'f2', name: 'My own velvet', source: 'customer', items: [{ product_id: 0, product_type: 'X', name: 'Bench', description: 'A long bench cushion', quantity: 1, has_upholstery: false }] },
    ],
  });
  expect(created.status, created.text).toBe(201);
  projectId = created.body.id;
});
afterAll(async () => {
  await shop?.stop();
});

/** Every money field anywhere in an answer that reads 0. */
function zeroMoney(value: unknown, path = '$'): string[] {
  if (Array.isArray(value)) return value.flatMap((entry, index) => zeroMoney(entry, `${path}[${index}]`));
  if (!value || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, entry]) => (MONEY.has(key) && entry === 0 ? [`${path}.${key}`] : zeroMoney(entry, `${path}.${key}`)));
}

/** Reads until the project is in the read model (the read side follows the log). */
async function read(client: ApiClient, path: string): Promise<unknown> {
  for (let attempt = 0; attempt < 100; attempt++) {
    const answer = await client.get(path);
    const body = answer.body as unknown;
    const found = Array.isArray(body) ? body.some((row: { id?: string }) => row.id === projectId) : answer.status === 200;
    if (found) return body;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${path} never showed the project`);
}

describe('unknown prices (decision 0196)', () => {
  it('no list, detail, checkout, summary or audit answer says 0 for a price nobody has set', async () => {
    const answers: Record<string, unknown> = {
      'customer list': await read(customer, '/api/projects/'),
      'customer detail': await read(customer, `/api/projects/${projectId}/`),
      checkout: await read(customer, `/api/checkout/${projectId}/`),
      'staff list': await read(staff, '/api/internal/projects/'),
      'staff detail': await read(staff, `/api/internal/projects/${projectId}/`),
      'work order summary': await read(staff, `/api/internal/projects/${projectId}/summary/`),
      'audit log as of now': await read(staff, `/api/internal/projects/${projectId}/events/?as_of=${encodeURIComponent(new Date(Date.now() + 60_000).toISOString())}`),
    };
    for (const [name, body] of Object.entries(answers)) expect(zeroMoney(body), name).toEqual([]);

    const row = (answers['customer list'] as Array<{ id: string; total: unknown }>).find((entry) => entry.id === projectId);
    expect(row?.total).toBeNull();
    expect((answers['staff detail'] as { cost: unknown }).cost).toMatchObject({ labor: null, fabric: null, subtotal: null, tax: null, total: null, remaining: null, paid: 0 });
  });

  it('once staff price every item and the shop fabric, the total is a number', async () => {
    const detail = (await read(staff, `/api/internal/projects/${projectId}/`)) as { fabrics: Array<{ id: string; items: Array<Record<string, unknown>> }> };
    const submitted = await customer.put(`/api/projects/${projectId}/`, { state: 'R' });
    expect(submitted.status, submitted.text).toBe(200);
    const fabrics = detail.fabrics.map((fabric) => ({
      ...fabric,
      ...(fabric.id === 'f1' ? { unit_price: 4200 } : {}),
      items: fabric.items.map((item) => ({ ...item, unit_price: 9500, yardage: 0.75 })),
    }));
    const priced = await staff.put(`/api/internal/projects/${projectId}/`, { fabrics });
    expect(priced.status, priced.text).toBe(200);
    for (let attempt = 0; attempt < 100; attempt++) {
      const rows = (await staff.get('/api/internal/projects/')).body as Array<{ id: string; total: number | null }>;
      const total = rows.find((entry) => entry.id === projectId)?.total;
      if (typeof total === 'number') return expect(total).toBeGreaterThan(0);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error('the priced total never reached the staff list');
  });
});
