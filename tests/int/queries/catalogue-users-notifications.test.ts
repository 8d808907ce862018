import { createServer, type Server } from 'node:http';
import { seedFabrics, seedProducts } from '@shop/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../../support/http-client.js';
import { startTestShop, type TestShop } from '../../support/shop.js';
import { appendDomainEvents, registered } from './support/domain-events.js';
import { clientAs, customerUser, staffUser } from './support/sessions.js';

let shop: TestShop;
beforeAll(async () => {
  shop = await startTestShop();
});
afterAll(async () => {
  await shop?.stop();
});

describe('catalogue', () => {
  it('GET /api/products/ answers products, types and categories from the seed catalogue', async () => {
    const response = await new ApiClient(shop.url).get('/api/products/');
    expect(response.status).toBe(200);
    expect(Object.keys(response.body)).toEqual(['products', 'types', 'categories']);
    expect(response.body.products).toHaveLength(seedProducts.filter((product) => product.is_active).length);
    expect(response.body.types.P).toContain('Alex');
  });

  it('GET /api/fabrics/ answers fabrics, types and filters, and applies a filter when asked', async () => {
    const all = await new ApiClient(shop.url).get('/api/fabrics/');
    expect(Object.keys(all.body)).toEqual(['fabrics', 'types', 'filters']);
    expect(all.body.fabrics.length).toBe(seedFabrics.filter((fabric) => fabric.active && fabric.is_active).length);
    const featured = await new ApiClient(shop.url).get('/api/fabrics/?is_featured=true');
    expect(featured.body.fabrics.length).toBeGreaterThan(0);
    expect(featured.body.fabrics.every((fabric: any) => fabric.is_featured)).toBe(true);
    expect(featured.body.filters).toEqual(all.body.filters);
  });
});

describe('GET /api/users/', () => {
  it('answers the empty profile when nobody is logged in', async () => {
    const response = await new ApiClient(shop.url).get('/api/users/');
    expect(response).toMatchObject({ status: 200, body: { email: '', name: '', user_id: null, phone: '', is_designer: false, is_staff: false, user_hash: '' } });
  });

  it('answers the current user from the users read model with a stable user_hash', async () => {
    const revision = await appendDomainEvents(shop.db.pool, 'account-u1', [registered('u1', 'una@example.com', 'Una', '2024-03-01T10:00:00.000Z')]);
    const client = await clientAs(shop.db.pool, shop.url, customerUser('u1', 'una@example.com'));
    const response = await client.get('/api/users/', { 'x-min-revision': `account-u1@${revision}` });
    expect(response.body).toEqual({ email: 'una@example.com', name: 'Una', user_id: 'u1', phone: '555-0100', is_designer: false, is_staff: false, user_hash: expect.stringMatching(/^[0-9a-f]{64}$/), revision });
    expect(response.headers.get('etag')).toMatch(new RegExp(`^"${revision}-`));
    expect((await client.get('/api/users/')).body.user_hash).toBe(response.body.user_hash);
  });
});

describe('notifications', () => {
  it('lets staff publish, change and remove notifications; the banner sees only active ones', async () => {
    const staff = await clientAs(shop.db.pool, shop.url, staffUser('s1'));
    const first = await staff.post('/api/internal/notifications/', { message: '**Sale** this week' });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ attributes: { Active: true, Message: '**Sale** this week' }, stream_id: 'notifications', revision: 0 });
    const second = await staff.post('/api/internal/notifications/', { message: 'Closed Monday', active: false });
    const banner = await new ApiClient(shop.url).get('/api/notifications/', { 'x-min-revision': `notifications@${second.body.revision}` });
    expect(banner.body).toEqual({ data: [{ id: first.body.id, attributes: { Active: true, Message: '**Sale** this week' } }] });

    const changed = await staff.put(`/api/internal/notifications/${second.body.id}/`, { active: true });
    expect(changed.body).toMatchObject({ attributes: { Active: true, Message: 'Closed Monday' }, revision: 2 });
    const removed = await staff.delete(`/api/internal/notifications/${first.body.id}/`);
    expect(removed.body).toMatchObject({ deleted: true, revision: 3 });
    const after = await new ApiClient(shop.url).get('/api/notifications/', { 'x-min-revision': 'notifications@3' });
    expect(after.body.data.map((entry: any) => entry.attributes.Message)).toEqual(['Closed Monday']);
    expect((await staff.get('/api/internal/notifications/')).body.data).toHaveLength(1);
  });

  it('answers 404 for an unknown id, 400 for an empty message, 403 for customers', async () => {
    const staff = await clientAs(shop.db.pool, shop.url, staffUser('s1'));
    expect((await staff.put('/api/internal/notifications/nope/', { active: false })).status).toBe(404);
    expect((await staff.post('/api/internal/notifications/', { message: '  ' })).status).toBe(400);
    const customer = await clientAs(shop.db.pool, shop.url, customerUser('c1'));
    expect((await customer.post('/api/internal/notifications/', { message: 'mine' })).status).toBe(403);
    expect((await customer.delete('/api/internal/notifications/nope/')).status).toBe(403);
  });

  it('reads the external content service with the bearer token when NOTIFICATIONS_URL is set', async () => {
    const seen: string[] = [];
    const service: Server = createServer((req, res) => {
      seen.push(req.headers.authorization ?? '');
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ data: [{ id: 7, attributes: { Active: true, Message: 'From the CMS' } }, { id: 8, attributes: { Active: false, Message: 'Old' } }] }));
    });
    await new Promise<void>((resolve) => service.listen(0, '127.0.0.1', resolve));
    const port = (service.address() as { port: number }).port;
    const external = await startTestShop({ NOTIFICATIONS_URL: `http://127.0.0.1:${port}/api/notifications`, NOTIFICATIONS_TOKEN: 'secret-token' });
    try {
      const response = await new ApiClient(external.url).get('/api/notifications/');
      expect(response.body).toEqual({ data: [{ id: 7, attributes: { Active: true, Message: 'From the CMS' } }] });
      expect(seen).toEqual(['Bearer secret-token']);
    } finally {
      await external.stop();
      service.close();
    }
  });
});

describe('operations', () => {
  it('serves /healthz, /readyz and Prometheus metrics with projection lag and HTTP latency', async () => {
    const client = new ApiClient(shop.url);
    expect((await client.get('/healthz')).body).toEqual({ status: 'ok' });
    expect((await client.get('/readyz')).body).toEqual({ status: 'ready' });
    const metrics = (await client.get('/metrics')).text;
    for (const name of ['projection_checkpoint_position', 'projection_lag_events', 'projection_lag_milliseconds', 'projection_events_per_second', 'projection_failed', 'projection_parked_streams', 'http_request_duration_seconds_bucket']) {
      expect(metrics).toContain(name);
    }
    expect(metrics).toMatch(/projection_lag_events\{projection="projects"\} 0/);
    expect(metrics).toMatch(/http_request_duration_seconds_count\{method="GET",route="\/healthz",status="200"\} \d+/);
  });

  it('answers after the bound with X-Min-Revision-Status: timeout when a revision is not projected, and 400 for a malformed header', async () => {
    const client = new ApiClient(shop.url);
    const started = Date.now();
    const response = await client.get('/api/notifications/', { 'x-min-revision': 'notifications@999' });
    expect(response.status).toBe(200);
    expect(response.headers.get('x-min-revision-status')).toBe('timeout');
    expect(Date.now() - started).toBeGreaterThanOrEqual(2900);
    expect((await client.get('/api/notifications/', { 'x-min-revision': 'garbage' })).status).toBe(400);
  });
});
