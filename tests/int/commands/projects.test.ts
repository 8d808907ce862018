import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../../support/http-client.js';
import type { TestShop } from '../../support/shop.js';
import { activeCustomer, anonymous, completeFabric, customItem, startCommandShop, staffClient } from './helpers.js';

let shop: TestShop;
let customer: ApiClient;
let other: ApiClient;
let staff: ApiClient;
beforeAll(async () => {
  shop = await startCommandShop();
  customer = (await activeCustomer(shop)).client;
  other = (await activeCustomer(shop, 'Otto Other')).client;
  staff = await staffClient(shop);
});
afterAll(async () => {
  await shop?.stop();
});

const address = { recipient_name: 'Cora', line1: '1 Main St', city: 'Brooklyn', state: 'NY', postal_code: '11201' };
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6300010000050001' + '0d0a2db40000000049454e44ae426082', 'hex');

async function newProject(client = customer, body: object = { name: 'Sofa cushions', fabrics: [completeFabric()] }) {
  const response = await client.post('/api/projects/', body);
  expect(response.status, response.text).toBe(201);
  return response.body as { id: string; revision: number; state: string };
}

/** A project staff have priced and approved, ready for checkout. */
async function approvedProject(unitPrice = 10_000) {
  const project = await newProject();
  await customer.put(`/api/projects/${project.id}/`, { state: 'R' });
  const priced = await staff.put(`/api/internal/projects/${project.id}/`, { fabrics: [{ ...completeFabric(), items: [{ ...customItem, unit_price: unitPrice, yardage: 1 }] }] });
  expect(priced.status, priced.text).toBe(200);
  expect((await staff.put(`/api/internal/projects/${project.id}/`, { state: 'A' })).body.state).toBe('A');
  return project;
}

describe('POST /api/projects/', () => {
  it('creates a draft owned by the caller, with its revision', async () => {
    const project = await newProject();
    expect(project).toMatchObject({ state: 'D', revision: 0 });
    expect(project).not.toHaveProperty('staff_notes');
  });
  it('answers 401 anonymously, 400 for a bad body, 403 for an organization the caller is not in', async () => {
    expect((await (await anonymous(shop)).post('/api/projects/', { name: 'X' })).status).toBe(401);
    const bad = await customer.post('/api/projects/', { name: 'X', fabrics: [{ id: '', items: [] }] });
    expect(bad.status).toBe(400);
    expect(bad.body.problems[0].field).toBe('fabrics.0.id');
    const organization = await staff.post('/api/internal/organizations/', { name: 'Hotel Co' });
    const foreign = await customer.post('/api/projects/', { name: 'X', organization_id: organization.body.id });
    expect(foreign.status).toBe(403);
  });
  it('keeps tax exemption and shipping cost for staff to decide', async () => {
    const project = await customer.post('/api/projects/', { name: 'X', notes: { tax_exempt: true }, shipping_cost: 1 });
    expect(project.body.notes.tax_exempt).toBeUndefined();
    expect(project.body.shipping_cost).toBe(0);
  });
});

describe('PUT /api/projects/{id}/', () => {
  it('saves the draft and submits it for review', async () => {
    const project = await newProject();
    const saved = await customer.put(`/api/projects/${project.id}/`, { name: 'Renamed', revision: project.revision });
    expect(saved.body).toMatchObject({ name: 'Renamed', revision: 1 });
    expect((await customer.put(`/api/projects/${project.id}/`, { state: 'R' })).body.state).toBe('R');
  });
  it('refuses to submit an incomplete draft with the SPEC §5 messages', async () => {
    const project = await newProject(customer, { name: 'Incomplete', fabrics: [{ id: 'f1', name: '', items: [{ product_id: 0, product_type: 'X' }] }] });
    const response = await customer.put(`/api/projects/${project.id}/`, { state: 'R' });
    expect(response.status).toBe(400);
    expect(response.body.message).toBe('Please provide a name for this fabric.');
    expect(response.body.problems).toEqual(
      expect.arrayContaining([
        { field: 'fabrics.0.items.0.name', message: 'Please give this product a name.' },
        { field: 'fabrics.0.items.0.quantity', message: 'Please enter a quantity.' },
      ]),
    );
  });
  it("answers 401, 403 for someone else's project, 404 for an unknown id, 409 for a stale revision, 422 out of draft", async () => {
    const project = await newProject();
    expect((await (await anonymous(shop)).put(`/api/projects/${project.id}/`, { name: 'X' })).status).toBe(401);
    expect((await other.put(`/api/projects/${project.id}/`, { name: 'Mine now' })).status).toBe(403);
    expect((await customer.put('/api/projects/00000000-0000-0000-0000-000000000000/', { name: 'X' })).status).toBe(404);
    await customer.put(`/api/projects/${project.id}/`, { name: 'First' });
    const stale = await customer.put(`/api/projects/${project.id}/`, { name: 'Second', revision: project.revision });
    expect(stale.status).toBe(409);
    expect(stale.body).toEqual({ status: 409, message: expect.stringMatching(/changed by someone else/) });
    await customer.put(`/api/projects/${project.id}/`, { state: 'R' });
    const locked = await customer.put(`/api/projects/${project.id}/`, { name: 'Too late' });
    expect(locked.status).toBe(422);
    expect(locked.body.message).toBe('Cannot edit a project in state "Review".');
  });
  it('answers garbage with 400, never 500', async () => {
    const project = await newProject();
    for (const body of [{ fabrics: 'x' }, { state: 'ZZ' }, { revision: 'x' }, { notes: { tax_exempt: 'yes' } }, { fabrics: [{ id: 'a', items: [{ product_id: -1 }] }] }]) {
      expect((await customer.put(`/api/projects/${project.id}/`, body)).status).toBe(400);
    }
  });
});

describe('DELETE /api/projects/{id}/', () => {
  it('deletes a draft; others get 403, unknown 404, stale 409', async () => {
    const project = await newProject();
    expect((await other.delete(`/api/projects/${project.id}/`)).status).toBe(403);
    expect((await customer.delete(`/api/projects/${project.id}/?revision=-1`)).status).toBe(409);
    const deleted = await customer.delete(`/api/projects/${project.id}/`);
    expect(deleted.status).toBe(200);
    expect(deleted.body).toMatchObject({ deleted: true, state: 'D', name: '' });
    expect((await customer.delete('/api/projects/nope/')).status).toBe(404);
  });
});

describe('PUT /api/projects/{id}/upload/', () => {
  const form = (content: Buffer, name: string, fabricId = 'f1') => {
    const data = new FormData();
    data.set('fabric_id', fabricId);
    data.set('image', new Blob([new Uint8Array(content)]), name);
    return data;
  };
  it('stores an image checked by its bytes and serves it with its type and nosniff', async () => {
    const project = await newProject();
    const uploaded = await customer.put(`/api/projects/${project.id}/upload/`, form(PNG, 'swatch.png'));
    expect(uploaded.status, uploaded.text).toBe(200);
    const image = await customer.get(uploaded.body.image.url);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(image.headers.get('x-content-type-options')).toBe('nosniff');
    expect((await other.get(uploaded.body.image.url)).status).toBe(404);
    expect((await staff.get(uploaded.body.image.url)).status).toBe(200);
  });
  it('refuses HTML named .png (400), a huge file (413), and strangers (401, 403)', async () => {
    const project = await newProject();
    const html = await customer.put(`/api/projects/${project.id}/upload/`, form(Buffer.from('<html><script>alert(1)</script></html>'), 'evil.png'));
    expect(html.status).toBe(400);
    expect(html.body.message).toBe('Please upload images as JPEG, JPG, GIF or PNG files.');
    const huge = await customer.put(`/api/projects/${project.id}/upload/`, form(Buffer.concat([PNG, Buffer.alloc(6 * 1024 * 1024)]), 'big.png'));
    expect(huge.status).toBe(413);
    expect((await (await anonymous(shop)).put(`/api/projects/${project.id}/upload/`, form(PNG, 'a.png'))).status).toBe(401);
    expect((await other.put(`/api/projects/${project.id}/upload/`, form(PNG, 'a.png'))).status).toBe(403);
    expect((await customer.put(`/api/projects/${project.id}/upload/`, form(PNG, 'a.txt'))).status).toBe(400);
  });
});

describe('PUT /api/checkout/{id}/', () => {
  it('validates the address with the SPEC message', async () => {
    const project = await approvedProject();
    const response = await customer.put(`/api/checkout/${project.id}/`, { shipping_notes: { shipping_address: { ...address, city: '' }, delivery_type: 0 } });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ message: 'Please complete all address fields.', problems: [{ field: 'shipping_notes.shipping_address.city', message: 'Please complete all address fields.' }] });
  });
  it('declines the declining test card with 402 and records nothing', async () => {
    const project = await approvedProject();
    const declined = await customer.put(`/api/checkout/${project.id}/`, { shipping_notes: { shipping_address: address, delivery_type: 0 }, payment: { token: 'tok_sandbox_chargeDeclined' } });
    expect(declined.status).toBe(402);
    expect(declined.body.message).toMatch(/declined.*test mode/);
  });
  it('takes a deposit and keeps the remaining amount in notes.payment_details', async () => {
    const project = await approvedProject(10_000);
    const paid = await customer.put(`/api/checkout/${project.id}/`, {
      shipping_notes: { shipping_address: address, delivery_type: 2 },
      notes: { payment_details: { partial_payment: true } },
      payment: { token: 'tok_sandbox_visa' },
    });
    expect(paid.status, paid.text).toBe(200);
    expect(paid.body.state).toBe('P');
    expect(paid.body.payment.partial).toBe(true);
    expect(paid.body.notes.payment_details).toEqual({ partial_payment: true, details: { remaining: paid.body.payment.remaining / 100 } });
    expect(paid.body.balance_remaining).toBe(paid.body.payment.remaining);
  });
  it('answers 401, 403 for guests and strangers, 404, 409', async () => {
    const project = await approvedProject();
    expect((await (await anonymous(shop)).put(`/api/checkout/${project.id}/`, {})).status).toBe(401);
    expect((await other.put(`/api/checkout/${project.id}/`, { name: 'Mine' })).status).toBe(403);
    expect((await customer.put('/api/checkout/unknown/', { name: 'X' })).status).toBe(404);
    expect((await customer.put(`/api/checkout/${project.id}/`, { name: 'X', revision: 0 })).status).toBe(409);
  });
});

describe('internal project writes', () => {
  it('are refused with 401 and 403 to non-staff', async () => {
    const project = await newProject();
    for (const [method, path] of [
      ['put', `/api/internal/projects/${project.id}/`],
      ['post', `/api/internal/projects/${project.id}/notes/`],
      ['post', `/api/internal/projects/${project.id}/invoice/`],
      ['post', `/api/internal/projects/${project.id}/pause/`],
      ['post', `/api/internal/projects/${project.id}/unpause/`],
      ['post', `/api/internal/projects/${project.id}/reminder/`],
      ['put', '/api/internal/transfer/'],
      ['post', '/api/internal/organizations/'],
    ] as const) {
      expect((await (await anonymous(shop))[method](path, {})).status, path).toBe(401);
      expect((await customer[method](path, {})).status, path).toBe(403);
    }
  });
  it('notes: add, edit, delete; 400 for an empty note, 404 for an unknown one, 409 when stale', async () => {
    const project = await newProject();
    const added = await staff.post(`/api/internal/projects/${project.id}/notes/`, { text: 'Call the client' });
    expect(added.status).toBe(201);
    const noteId = added.body.note.id;
    expect((await staff.put(`/api/internal/projects/${project.id}/notes/${noteId}/`, { text: 'Called' })).body.note.text).toBe('Called');
    expect((await staff.post(`/api/internal/projects/${project.id}/notes/`, { text: '  ' })).status).toBe(400);
    expect((await staff.put(`/api/internal/projects/${project.id}/notes/nope/`, { text: 'x' })).status).toBe(404);
    expect((await staff.post(`/api/internal/projects/${project.id}/notes/`, { text: 'x', revision: 0 })).status).toBe(409);
    expect((await staff.delete(`/api/internal/projects/${project.id}/notes/${noteId}/`)).body.staff_notes).toEqual([]);
  });
  it('update_payment records a payment staff received; pausing a draft is a 422; reminder e-mails', async () => {
    const project = await approvedProject(5_000);
    // false is what a client sends when no payment was taken: accepted, nothing recorded (issue 15).
    const noPayment = await staff.put(`/api/internal/projects/${project.id}/`, { update_payment: false });
    expect(noPayment.status).toBe(200);
    expect(noPayment.body.state).toBe('A');
    expect((await staff.put(`/api/internal/projects/${project.id}/`, { update_payment: true })).status).toBe(400);
    const paid = await staff.put(`/api/internal/projects/${project.id}/`, { update_payment: { amount: 5_000, details: 'Cheque 1234' } });
    expect(paid.body.state).toBe('P');
    const draft = await newProject();
    const pause = await staff.post(`/api/internal/projects/${draft.id}/pause/`, { message: 'x' });
    expect(pause.status).toBe(422);
    expect((await staff.post(`/api/internal/projects/${project.id}/reminder/`, { message: 'Hello' })).status).toBe(200);
    expect((await staff.post('/api/internal/projects/unknown/reminder/', {})).status).toBe(404);
  });
  it('transfer: 404 for an unknown e-mail, 400 for a bad one', async () => {
    const project = await newProject();
    expect((await staff.put('/api/internal/transfer/', { project_id: project.id, email: 'nobody@shop.test' })).status).toBe(404);
    expect((await staff.put('/api/internal/transfer/', { project_id: project.id, email: 'x' })).status).toBe(400);
  });
});

describe('organizations', () => {
  it('create, rename, add and remove members, delete; members reach the organization projects', async () => {
    const member = await activeCustomer(shop, 'Mia Member');
    const created = await staff.post('/api/internal/organizations/', { name: 'Hotel Co' });
    expect(created.status).toBe(201);
    const id = created.body.id;
    expect((await staff.put(`/api/internal/organizations/${id}/`, { name: 'Hotel Company' })).body.name).toBe('Hotel Company');
    expect((await staff.put(`/api/internal/organizations/${id}/`, { name: '' })).status).toBe(400);
    expect((await staff.put(`/api/internal/organizations/${id}/`, { name: 'Stale', revision: 0 })).status).toBe(409);
    const added = await staff.post(`/api/internal/organizations/${id}/add_member/`, { email: member.email });
    expect(added.body.members).toEqual([member.userId]);
    expect((await staff.post(`/api/internal/organizations/${id}/add_member/`, { email: member.email })).status).toBe(422);
    expect((await staff.post(`/api/internal/organizations/${id}/add_member/`, { email: 'nobody@shop.test' })).status).toBe(404);

    const shared = await member.client.post('/api/projects/', { name: 'Lobby', organization_id: id });
    expect(shared.status).toBe(201);
    const colleague = await activeCustomer(shop, 'Cal Colleague');
    await staff.post(`/api/internal/organizations/${id}/add_member/`, { email: colleague.email });
    expect((await colleague.client.put(`/api/projects/${shared.body.id}/`, { name: 'Lobby seating' })).status).toBe(200);
    await staff.post(`/api/internal/organizations/${id}/remove_member/`, { email: colleague.email });
    expect((await colleague.client.put(`/api/projects/${shared.body.id}/`, { name: 'Not any more' })).status).toBe(403);

    expect((await staff.delete(`/api/internal/organizations/${id}/`)).body.deleted).toBe(true);
    expect((await staff.put('/api/internal/organizations/unknown/', { name: 'X' })).status).toBe(404);
  });
});

describe('OpenAPI', () => {
  it('documents every write from the zod schemas, with a browsable page', async () => {
    const client = await anonymous(shop);
    const document = (await client.get('/api/openapi.json')).body;
    expect(document.openapi).toBe('3.0.3');
    expect(Object.keys(document.paths)).toEqual(expect.arrayContaining(['/projects/{id}/', '/checkout/{id}/', '/internal/transfer/', '/sessions/', '/guests/']));
    expect(document.paths['/projects/{id}/'].put.requestBody.content['application/json'].schema.properties).toHaveProperty('fabrics');
    const page = await client.get('/api/docs/');
    expect(page.status).toBe(200);
    expect(page.text).toMatch(/swagger/i);
  });
});
