import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../../support/http-client.js';
import type { TestShop } from '../../support/shop.js';
import { activeCustomer, customItem, startCommandShop, staffClient } from './helpers.js';
import { readStreamEvents } from './stream.js';

/**
 * POST /api/projects/ with `copy_from` applies the SPEC §5 copy rule (docs/decisions/0010) against
 * the seed catalogue: unavailable fabrics (inactive or out of stock) become an Undecided placeholder
 * at price 0, items of inactive products are dropped, and the name is prefixed "COPY OF: ".
 * The copy is read back over the query API.
 */
let shop: TestShop;
let owner: Awaited<ReturnType<typeof activeCustomer>>;
let stranger: ApiClient;
let staff: ApiClient;
beforeAll(async () => {
  shop = await startCommandShop();
  owner = await activeCustomer(shop, 'Olive Owner');
  stranger = (await activeCustomer(shop, 'Sid Stranger')).client;
  staff = await staffClient(shop);
});
afterAll(async () => {
  await shop?.stop();
});

// Seed catalogue: products 1 (Alex 18x18) and 2 (Alex 20x20) are active, 5 (Alex 16x16) and
// 29 (Emmett 24x24) are not. Fabric F-LIN-NAT is available; F-COT-FLR is not shown (active false),
// F-OUT-SND no longer sold (is_active false), F-VEL-BLS out of stock.
const pillow = (productId: number, size: string) => ({ product_id: productId, product_type: 'P', product_style: 'Alex', size, insert: 'poly', product_trim: null, quantity: 2 });
const source = {
  name: 'Guest room',
  additional_notes: 'Matching the curtains.',
  fabrics: [
    { id: 'F-LIN-NAT', name: 'Belgian Linen Natural', source: 'shop', unit_price: 4200, arrived: true, items: [pillow(1, '18x18'), pillow(5, '16x16')] },
    { id: 'F-COT-FLR', name: 'Printed Cotton Floral', source: 'shop', unit_price: 3200, items: [pillow(2, '20x20')] },
    { id: 'F-VEL-BLS', name: 'Cotton Velvet Blush', source: 'shop', unit_price: 6800, items: [customItem] },
    { id: 'F-OUT-SND', name: 'Outdoor Canvas Sand', source: 'shop', unit_price: 3600, items: [{ ...pillow(29, '24x24'), product_style: 'Emmett' }] },
    { id: 'client-velvet', name: 'My own velvet', items: [customItem] },
  ],
};

async function createSource(client: ApiClient, body: object = source) {
  const created = await client.post('/api/projects/', body);
  expect(created.status, created.text).toBe(201);
  return created.body as { id: string; revision: number; user: string };
}

/** GET over the query API, waiting for the write to be projected (read-your-writes). */
async function readProject(client: ApiClient, answer: { id: string; revision: number }) {
  const read = await client.get(`/api/projects/${answer.id}/`, { 'x-min-revision': `project-${answer.id}@${answer.revision}` });
  expect(read.status, read.text).toBe(200);
  expect(read.headers.get('x-min-revision-status')).toBe('reached');
  return read.body;
}

describe('copying a project (POST /api/projects/ with copy_from)', () => {
  it('replaces unavailable fabrics by Undecided at price 0, drops inactive products and prefixes the name', async () => {
    const original = await createSource(owner.client);
    // The body the web editor sends: the draft (already renamed) plus copy_from; the server copies the stored project.
    const copied = await owner.client.post('/api/projects/', { ...source, name: `COPY OF: ${source.name}`, copy_from: original.id });
    expect(copied.status, copied.text).toBe(201);
    expect(copied.body.id).not.toBe(original.id);

    const copy = await readProject(owner.client, copied.body);
    expect(copy).toMatchObject({ name: 'COPY OF: Guest room', state: 'D', user: original.user, additional_notes: 'Matching the curtains.', shipping_cost: 0 });
    expect(copy.fabrics.map((fabric: any) => [fabric.id, fabric.name, fabric.unit_price, fabric.items.map((item: any) => item.product_id)])).toEqual([
      ['F-LIN-NAT', 'Belgian Linen Natural', 4200, [1]],
      ['undecided-F-COT-FLR', 'Undecided', 0, [2]],
      ['undecided-F-VEL-BLS', 'Undecided', 0, [0]],
      ['client-velvet', 'My own velvet', undefined, [0]],
    ]);
    // Nothing of the old order's progress comes along.
    expect(copy.fabrics[0]).not.toHaveProperty('arrived');

    const events = await readStreamEvents(shop, `project-${copied.body.id}`);
    expect(events.map((event) => event.type)).toEqual(['ProjectCopied']);
    expect(events[0]!.data).toMatchObject({
      copiedFrom: original.id,
      replacedFabricIds: ['F-COT-FLR', 'F-VEL-BLS'],
      droppedProductIds: expect.arrayContaining([5, 29]),
    });

    // The source is untouched.
    const unchanged = await readProject(owner.client, original);
    expect(unchanged.name).toBe('Guest room');
    expect(unchanged.fabrics).toHaveLength(5);
  });

  it('lets only someone who may read the source copy it: not a stranger (403), not an unknown id (404); staff may', async () => {
    const original = await createSource(owner.client);
    const refused = await stranger.post('/api/projects/', { copy_from: original.id });
    expect(refused.status, refused.text).toBe(403);
    expect(refused.body).toEqual({ status: 403, message: 'This project belongs to someone else.' });
    expect((await owner.client.post('/api/projects/', { copy_from: 'no-such-project' })).status).toBe(404);

    const byStaff = await staff.post('/api/projects/', { copy_from: original.id });
    expect(byStaff.status, byStaff.text).toBe(201);
    const copy = await readProject(staff, byStaff.body);
    expect(copy.name).toBe('COPY OF: Guest room');
    expect(copy.user).not.toBe(original.user);
  });

  it('lets a member of the source organization copy it, and the copy stays in the organization', async () => {
    const organization = await staff.post('/api/internal/organizations/', { name: 'Copy Hotel' });
    expect(organization.status).toBe(201);
    const colleague = await activeCustomer(shop, 'Cleo Colleague');
    for (const member of [owner, colleague]) {
      expect((await staff.post(`/api/internal/organizations/${organization.body.id}/add_member/`, { email: member.email })).status).toBe(200);
    }
    const shared = await createSource(owner.client, { ...source, name: 'Lobby', organization_id: organization.body.id });
    expect((await stranger.post('/api/projects/', { copy_from: shared.id })).status).toBe(403);

    const copied = await colleague.client.post('/api/projects/', { copy_from: shared.id });
    expect(copied.status, copied.text).toBe(201);
    const copy = await readProject(colleague.client, copied.body);
    expect(copy).toMatchObject({ name: 'COPY OF: Lobby', user: colleague.userId, organization_id: organization.body.id });
  });
});
