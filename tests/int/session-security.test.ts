import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../support/http-client.js';
import { startTestShop, type TestShop } from '../support/shop.js';

let shop: TestShop;
beforeAll(async () => {
  shop = await startTestShop();
});
afterAll(async () => {
  await shop?.stop();
});

describe('sessions and CSRF', () => {
  it('sets a readable csrftoken cookie and an HttpOnly anonymous-id cookie on an API GET, and stores no session', async () => {
    const response = await fetch(new URL('/api/no-such-thing/', shop.url));
    const cookies = response.headers.getSetCookie();
    expect(cookies.find((c) => c.startsWith('csrftoken='))).not.toMatch(/HttpOnly/i);
    expect(cookies.find((c) => c.startsWith('anonid='))).toMatch(/HttpOnly/i);
    expect(cookies.find((c) => c.startsWith('anonid='))).toMatch(/SameSite=Lax/i);
    expect(cookies.find((c) => c.startsWith('sid='))).toBeUndefined();
    const { rows } = await shop.db.pool.query<{ count: number }>('SELECT count(*)::int AS count FROM http_sessions');
    expect(rows[0]!.count).toBe(0);
  });

  it("refuses an anonymous visitor's token sent with another visitor's anonymous id", async () => {
    const visitor = new ApiClient(shop.url);
    const attacker = new ApiClient(shop.url);
    await visitor.get('/api/no-such-thing/');
    await attacker.get('/api/no-such-thing/');
    const response = await visitor.post('/api/no-such-thing/', {}, { 'x-csrftoken': attacker.csrfToken! });
    expect(response.status).toBe(403);
  });

  it('keeps a valid token cookie without sending it again, and replaces one of another visitor', async () => {
    const visitor = new ApiClient(shop.url);
    await visitor.get('/api/no-such-thing/');
    const token = visitor.csrfToken!;
    const again = await visitor.get('/api/no-such-thing/');
    expect(again.headers.getSetCookie().find((c) => c.startsWith('csrftoken='))).toBeUndefined();
    expect((await visitor.post('/api/no-such-thing/', {})).status).toBe(404);
    const stranger = new ApiClient(shop.url);
    await stranger.get('/api/no-such-thing/');
    const cookie = stranger.cookieHeader().replace(/csrftoken=[^;]*/, `csrftoken=${token}`);
    const planted = await fetch(new URL('/api/no-such-thing/', shop.url), { headers: { cookie } });
    const replaced = planted.headers.getSetCookie().find((c) => c.startsWith('csrftoken='));
    expect(replaced).toMatch(/^csrftoken=[^;]+;/);
    expect(replaced).not.toContain(`csrftoken=${token};`);
  });

  it('refuses a write without the X-CSRFToken header with 403 { status, message }', async () => {
    const client = new ApiClient(shop.url);
    await client.get('/api/no-such-thing/');
    const response = await client.post('/api/no-such-thing/', {}, { 'x-csrftoken': 'forged' });
    expect(response.status).toBe(403);
    expect(response.body).toEqual({ status: 403, message: expect.stringMatching(/CSRF/) });
  });

  it('lets a write with the echoed token through to routing', async () => {
    const client = new ApiClient(shop.url);
    await client.get('/api/no-such-thing/');
    const response = await client.post('/api/no-such-thing/', {});
    expect(response.status).toBe(404);
  });

  it('answers malformed JSON with 400, not 500', async () => {
    const client = new ApiClient(shop.url);
    await client.get('/api/no-such-thing/');
    const response = await fetch(new URL('/api/no-such-thing/', shop.url), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{not json',
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ status: 400, message: 'The request could not be read.' });
  });
});
