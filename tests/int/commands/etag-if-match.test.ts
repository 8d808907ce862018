import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../../support/http-client.js';
import type { TestShop } from '../../support/shop.js';
import { activeCustomer, completeFabric, customItem, staffClient, startCommandShop } from './helpers.js';

// RFC 9110 validators on the resources people edit (docs/decisions/0175): reads answer an ETag
// naming the stream revision, writes take it back as If-Match, a stale one is a 412 (the body's
// `revision` keeps its 409), and nothing is overwritten.
let shop: TestShop;
let customer: ApiClient;
let staff: ApiClient;
beforeAll(async () => {
  shop = await startCommandShop();
  customer = (await activeCustomer(shop, 'Etta Tagg')).client;
  staff = await staffClient(shop);
});
afterAll(async () => {
  await shop?.stop();
});

const STALE = { status: 412, message: 'This was changed by someone else in the meantime. Reload and try again.' };
const tagged = (revision: number) => new RegExp(`^"${revision}-[A-Za-z0-9_-]+"$`);
const seen = (stream: string, revision: number) => ({ 'x-min-revision': `${stream}@${revision}` });

async function approvedProject(): Promise<{ id: string; revision: number }> {
  const created = await customer.post('/api/projects/', { name: 'Tagged seat', fabrics: [completeFabric()] });
  const id: string = created.body.id;
  await customer.put(`/api/projects/${id}/`, { state: 'R', revision: created.body.revision });
  await staff.put(`/api/internal/projects/${id}/`, { fabrics: [{ ...completeFabric(), items: [{ ...customItem, unit_price: 10_000, yardage: 1 }] }] });
  const approved = await staff.put(`/api/internal/projects/${id}/`, { state: 'A' });
  expect(approved.status, approved.text).toBe(200);
  return { id, revision: approved.body.revision };
}

describe('ETag and If-Match', () => {
  it('on a project: the read tags its revision, If-None-Match answers 304, a stale If-Match is 412 and changes nothing', async () => {
    const created = await customer.post('/api/projects/', { name: 'First name', fabrics: [completeFabric()] });
    const id: string = created.body.id;
    const read = await customer.get(`/api/projects/${id}/`, seen(`project-${id}`, created.body.revision));
    const etag = read.headers.get('etag')!;
    expect(etag).toMatch(tagged(created.body.revision));
    // fetch adds `Cache-Control: no-cache` to a conditional request unless told otherwise, and no-cache means "no 304".
    expect((await customer.get(`/api/projects/${id}/`, { 'if-none-match': etag, 'cache-control': 'max-age=0' })).status).toBe(304);

    const renamed = await customer.put(`/api/projects/${id}/`, { name: 'Tab one' }, { 'if-match': etag });
    expect(renamed.status, renamed.text).toBe(200);
    expect(renamed.headers.get('etag')).toMatch(tagged(renamed.body.revision));
    const reread = await customer.get(`/api/projects/${id}/`, seen(`project-${id}`, renamed.body.revision));
    expect(reread.headers.get('etag')).toMatch(tagged(renamed.body.revision));
    expect(reread.headers.get('etag')).not.toBe(etag);

    const stale = await customer.put(`/api/projects/${id}/`, { name: 'Tab two' }, { 'if-match': etag });
    expect(stale.status).toBe(412);
    expect(stale.body).toEqual(STALE);
    const staleBody = await customer.put(`/api/projects/${id}/`, { name: 'Tab two', revision: created.body.revision });
    expect(staleBody.status).toBe(409);
    expect(staleBody.body.message).toBe(STALE.message);
    expect((await customer.get(`/api/projects/${id}/`)).body.name).toBe('Tab one');
    // The staff read of the same stream tags the same revision.
    expect((await staff.get(`/api/internal/projects/${id}/`)).headers.get('etag')).toMatch(tagged(renamed.body.revision));
  });

  it('refuses a confused precondition: If-Match and revision disagreeing, a weak or listed tag, If-Match where no revision is taken', async () => {
    const created = await customer.post('/api/projects/', { name: 'Confused', fabrics: [completeFabric()] });
    const id: string = created.body.id;
    const disagree = await customer.put(`/api/projects/${id}/`, { name: 'X', revision: 5 }, { 'if-match': `"${created.body.revision}"` });
    expect(disagree.status).toBe(400);
    expect(disagree.body.message).toMatch(/If-Match and revision name different revisions/);
    for (const header of [`W/"${created.body.revision}"`, `"0", "1"`, 'nonsense']) {
      expect((await customer.put(`/api/projects/${id}/`, { name: 'X' }, { 'if-match': header })).status, header).toBe(400);
    }
    expect((await customer.post('/api/projects/', { name: 'New' }, { 'if-match': '"0"' })).status).toBe(400);
    // The same revision both ways, a bare "N" tag, and "*" (any current state) are all fine.
    const agreed = await customer.put(`/api/projects/${id}/`, { name: 'Agreed', revision: created.body.revision }, { 'if-match': `"${created.body.revision}"` });
    expect(agreed.status, agreed.text).toBe(200);
    expect((await customer.put(`/api/projects/${id}/`, { name: 'Any' }, { 'if-match': '*' })).status).toBe(200);
    // A DELETE takes If-Match in place of ?revision=.
    const deleted = await customer.delete(`/api/projects/${id}/`, { 'if-match': `"${agreed.body.revision}"` });
    expect(deleted.status).toBe(412);
  });

  it('on a checkout: the checkout read tags the project revision and a stale If-Match is 412', async () => {
    const { id, revision } = await approvedProject();
    const read = await customer.get(`/api/checkout/${id}/`, seen(`project-${id}`, revision));
    const etag = read.headers.get('etag')!;
    expect(etag).toMatch(tagged(revision));
    const address = { recipient_name: 'Etta', line1: '1 Main St', city: 'Brooklyn', state: 'NY', postal_code: '11201' };
    const saved = await customer.put(`/api/checkout/${id}/`, { shipping_notes: { shipping_address: address } }, { 'if-match': etag });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.headers.get('etag')).toMatch(tagged(saved.body.revision));
    const stale = await customer.put(`/api/checkout/${id}/`, { shipping_notes: { shipping_address: { ...address, city: 'Queens' } } }, { 'if-match': etag });
    expect(stale.status).toBe(412);
    expect(stale.body).toEqual(STALE);
    const after = await customer.get(`/api/checkout/${id}/`, seen(`project-${id}`, saved.body.revision));
    expect(after.body.shipping_notes.shipping_address.city).toBe('Brooklyn');
  });

  it('on an organization and a profile: the read answers revision and ETag, a stale If-Match is 412', async () => {
    const created = await staff.post('/api/internal/organizations/', { name: 'Tag Inn' });
    const id: string = created.body.id;
    const read = await staff.get(`/api/internal/organizations/${id}/`, seen(`organization-${id}`, created.body.revision));
    expect(read.body.revision).toBe(created.body.revision);
    const etag = read.headers.get('etag')!;
    expect(etag).toMatch(tagged(created.body.revision));
    const saved = await staff.put(`/api/internal/organizations/${id}/`, { name: 'Tag Inn & Co' }, { 'if-match': etag });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.headers.get('etag')).toMatch(tagged(saved.body.revision));
    const stale = await staff.put(`/api/internal/organizations/${id}/`, { name: 'Stale Inn' }, { 'if-match': etag });
    expect(stale.body).toEqual(STALE);
    expect((await staff.delete(`/api/internal/organizations/${id}/?revision=${created.body.revision}`)).status).toBe(409);
    const after = await staff.get(`/api/internal/organizations/${id}/`, seen(`organization-${id}`, saved.body.revision));
    expect(after.body).toMatchObject({ name: 'Tag Inn & Co', revision: saved.body.revision, deleted: false });

    const mine = await customer.put('/api/users/', { phone: '555-0100' });
    const profile = await customer.get('/api/users/', seen(`account-${mine.body.user_id}`, mine.body.revision));
    expect(profile.headers.get('etag')).toMatch(tagged(profile.body.revision));
    const named = await customer.put('/api/users/', { name: 'Etta T.' }, { 'if-match': profile.headers.get('etag')! });
    expect(named.status, named.text).toBe(200);
    expect((await customer.put('/api/users/', { name: 'Stale Etta' }, { 'if-match': profile.headers.get('etag')! })).body).toEqual(STALE);
    expect((await customer.get('/api/users/', seen(`account-${named.body.user_id}`, named.body.revision))).body.name).toBe('Etta T.');
  });
});
