import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERASED, personalFields } from '@shop/domain';
import { activationTokenFor, anonymous, completeFabric, loggedIn, staffClient, startCommandShop } from '../commands/helpers.js';
import type { TestShop } from '../../support/shop.js';

let shop: TestShop;
beforeAll(async () => {
  shop = await startCommandShop();
});
afterAll(async () => {
  await shop?.stop();
});

const person = { email: 'xena.export@shop.test', name: 'Xena Exporter', phone: '555-0177', password: 'Xena-Pass1' };
const address = { recipient_name: 'Xena Exporter', line1: '9 Archive Row', city: 'Recordville', state: 'NY', postal_code: '10002' };
const png = () => new Blob([Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8ffff3f0005fe02fea7d6a0b00000000049454e44ae426082', 'hex')], { type: 'image/png' });

const valueAt = (data: Record<string, unknown>, path: string): unknown =>
  path.split('.').reduce<unknown>((value, key) => (value && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined), data);

describe('GET /api/users/export/', () => {
  it('gives the caller a JSON file of their profile, projects and the events that name them, decrypted', async () => {
    const customer = await anonymous(shop);
    const signup = await customer.post('/api/users/', { ...person });
    expect(signup.status, signup.text).toBe(201);
    const userId = signup.body.user_id as string;
    expect((await customer.put('/api/activation/', { activation_key: await activationTokenFor(shop, person.email) })).status).toBe(200);
    Object.assign(customer, await loggedIn(shop, person.email, person.password));
    const created = await customer.post('/api/projects/', {
      name: 'Reading nook',
      fabrics: [completeFabric()],
      shipping_notes: { shipping_address: address, delivery_type: 0 },
    });
    expect(created.status, created.text).toBe(201);
    const projectId = created.body.id as string;
    // More of what the shop holds about them: a changed phone, an upload, an invoice mail, an organization.
    expect((await customer.put('/api/users/', { phone: '555-0178' })).status).toBe(200);
    const form = new FormData();
    form.set('fabric_id', 'f1');
    form.set('image', png(), 'xena-chair.png');
    expect((await customer.put(`/api/projects/${projectId}/upload/`, form)).status).toBe(200);
    expect((await customer.put(`/api/projects/${projectId}/`, { state: 'R' })).status).toBe(200);
    const staff = await staffClient(shop);
    const priced = await staff.put(`/api/internal/projects/${projectId}/`, {
      fabrics: [{ ...completeFabric(), items: [{ ...completeFabric().items[0], unit_price: 10_000, yardage: 2 }] }],
      shipping_cost: 0,
    });
    expect(priced.status, priced.text).toBe(200);
    expect((await staff.put(`/api/internal/projects/${projectId}/`, { state: 'A' })).status).toBe(200);
    expect((await staff.post(`/api/internal/projects/${projectId}/invoice/`, { message: 'Thank you!' })).status).toBe(200);
    const organization = await staff.post('/api/internal/organizations/', { name: 'Export Hotel' });
    expect(organization.status, organization.text).toBe(201);
    expect((await staff.post(`/api/internal/organizations/${organization.body.id}/add_member/`, { email: person.email })).status).toBe(200);

    // The profile comes from the users read model: ask until it has the projected account.
    let response = await customer.get('/api/users/export/');
    for (let attempt = 0; attempt < 100 && (response.body.profile?.phone !== '555-0178' || response.body.projects.length === 0 || response.body.organizations.length === 0); attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      response = await customer.get('/api/users/export/');
    }
    expect(response.status, response.text).toBe(200);
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="my-data-\d{4}-\d{2}-\d{2}\.json"$/);
    const file = response.body;

    // Profile: every field of the SPEC §3 user profile the shop holds (user_hash is computed from the id, not held).
    expect(file.profile).toMatchObject({ user_id: userId, email: person.email, name: person.name, phone: '555-0178', is_staff: false, is_designer: false, is_erased: false });
    expect(file.organizations.map((organization: any) => organization.id)).toEqual([organization.body.id]);
    expect(file.login).toEqual({ email: person.email, has_password: true });
    // Projects: their own, with the shipping address in clear.
    expect(file.projects.map((project: any) => project.id)).toEqual([projectId]);
    expect(file.projects[0].shipping_notes.shipping_address).toEqual(address);

    // Events: their account stream and project, every declared personal field present and decrypted.
    const types = file.events.map((event: any) => event.type);
    expect(types).toEqual(expect.arrayContaining(['Registered', 'ActivationRequested', 'Activated', 'ProfileUpdated', 'ProjectCreated', 'ImageUploaded', 'InvoiceSent']));
    expect(file.events.find((event: any) => event.type === 'ImageUploaded').data.fileName).toBe('xena-chair.png');
    expect(file.events.find((event: any) => event.type === 'InvoiceSent').data.email).toBe(person.email);
    const registered = file.events.find((event: any) => event.type === 'Registered');
    expect(registered.data).toMatchObject({ userId, email: person.email, name: person.name, phone: person.phone });
    expect(file.events.find((event: any) => event.type === 'ProjectCreated').data.shipping_notes.shipping_address).toEqual(address);
    const covered = new Set<string>();
    let checked = 0;
    for (const event of file.events) {
      for (const path of personalFields[event.type] ?? []) {
        const value = valueAt(event.data, path);
        if (value === undefined) continue;
        checked++;
        covered.add(`${event.type}.${path}`);
        expect(typeof value, `${event.type}.${path}`).toBe('string');
        expect(value, `${event.type}.${path}`).not.toBe(ERASED);
        expect(/^pd\d:/.test(value as string), `${event.type}.${path} is still sealed`).toBe(false);
      }
    }
    expect(checked).toBeGreaterThanOrEqual(3 + 1 + 5);
    // Every personal field these actions wrote is in the file: account, project, upload and mail.
    for (const field of ['Registered.email', 'Registered.name', 'Registered.phone', 'ProfileUpdated.phone', 'ImageUploaded.fileName', 'InvoiceSent.email'])
      expect([...covered], field).toContain(field);
    for (const field of ['recipient_name', 'line1', 'city', 'state', 'postal_code']) expect([...covered]).toContain(`ProjectCreated.shipping_notes.shipping_address.${field}`);
    // Without a session there is nothing to export.
    const other = await anonymous(shop);
    expect((await other.get('/api/users/export/')).status).toBe(401);
  });
});
