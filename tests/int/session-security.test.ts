import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../support/http-client.js';
import { activeCustomer, anonymous, completeFabric, startCommandShop } from './commands/helpers.js';
import { clientAs, customerUser } from './queries/support/sessions.js';
import type { TestShop } from '../support/shop.js';

let shop: TestShop;
beforeAll(async () => {
  // With the staff account, which reads a new customer's activation mail.
  shop = await startCommandShop();
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

  it('a logged-in read sends the session cookie again at most hourly, with the moved expiry; a forged one reads as anonymous', async () => {
    // clientAs sends only the sid cookie it wrote and keeps what the first read answers.
    const client = await clientAs(shop.db.pool, shop.url, customerUser('rolling-reader'));
    const sid = /sid=([^;]+)/.exec(client.cookieHeader())?.[1];
    expect(sid).toBeDefined();
    const again = await client.get('/api/projects/');
    expect(again.status).toBe(200);
    expect(again.headers.getSetCookie().find((c) => c.startsWith('sid='))).toBeUndefined();

    const fresh = await fetch(new URL('/api/users/', shop.url), { headers: { cookie: `sid=${sid}` } });
    expect(fresh.headers.getSetCookie().find((c) => c.startsWith('sid='))).toBeUndefined();
    expect(((await fresh.json()) as { email?: string }).email).toBe('rolling-reader@example.com');

    const forged = decodeURIComponent(sid!).replace(/\.[^.]+$/, '.forged');
    const anonymous = await fetch(new URL('/api/projects/', shop.url), { headers: { cookie: `sid=${encodeURIComponent(forged)}` } });
    expect(anonymous.status).toBe(401);
  });

  it('renews the cookie of a session read for the first time in this process, expiring with the session', async () => {
    const sid = 'first-read-session-id-0001';
    const secret = (await shop.db.pool.query<{ value: string }>("SELECT value FROM app_secrets WHERE name = 'session'")).rows[0]!.value;
    const cookie = { originalMaxAge: 3_600_000, expires: new Date(Date.now() + 3_600_000).toISOString(), httpOnly: true, path: '/', sameSite: 'lax' };
    await shop.db.pool.query('INSERT INTO http_sessions (sid, sess, expire) VALUES ($1, $2, $3)', [sid, { cookie, user: customerUser('first-reader') }, cookie.expires]);
    const signed = `s:${sid}.${createHmac('sha256', secret).update(sid).digest('base64').replace(/=+$/, '')}`;
    const read = await fetch(new URL('/api/projects/', shop.url), { headers: { cookie: `sid=${encodeURIComponent(signed)}` } });
    expect(read.status).toBe(200);
    const renewed = read.headers.getSetCookie().find((c) => c.startsWith('sid='));
    expect(renewed).toContain(`sid=${encodeURIComponent(signed)};`);
    expect(renewed).toMatch(/HttpOnly/i);
    expect(renewed).toMatch(/SameSite=Lax/i);
    // The session lasts an hour from this read, and so does its cookie.
    const expires = Date.parse(/Expires=([^;]+)/.exec(renewed!)![1]!);
    expect(Math.abs(expires - (Date.now() + 3_600_000))).toBeLessThan(60_000);
  });

  it('reads and writes get the session from the one store: a row deleted in PostgreSQL (as erasure does) ends it for both (decision 0410)', async () => {
    const client = await clientAs(shop.db.pool, shop.url, customerUser('store-reader'));
    // Read twice: the second is answered by the store's cache in this one-process shop.
    expect((await client.get('/api/projects/')).status).toBe(200);
    expect((await client.get('/api/projects/')).status).toBe(200);
    // A write that changes the session (its note of the append) sends the cookie, through express-session.
    const created = await client.post('/api/projects/', { name: 'Stored cushions', fabrics: [completeFabric()] });
    expect(created.status).toBe(201);
    expect(created.headers.getSetCookie().filter((c) => c.startsWith('sid='))).toHaveLength(1);
    // Every write sends it, once, changed session or not (docs/api-conventions.md).
    const unchanged = await client.post('/api/no-such-thing/', {});
    expect(unchanged.status).toBe(404);
    expect(unchanged.headers.getSetCookie().filter((c) => c.startsWith('sid='))).toHaveLength(1);
    await shop.db.pool.query("DELETE FROM http_sessions WHERE sess -> 'user' ->> 'userId' = 'store-reader'");
    // The NOTIFY drops the cached copy: poll for it, no time assumed.
    const deadline = Date.now() + 30_000;
    let status = 200;
    while (status === 200 && Date.now() < deadline) {
      status = (await client.get('/api/projects/')).status;
      if (status === 200) await new Promise((resolve) => setTimeout(resolve, 25));
    }
    expect(status).toBe(401);
    // That read made the caller an anonymous visitor (anonid, a token bound to it): a write is anonymous too.
    expect((await client.post('/api/projects/', { name: 'After the end', fabrics: [completeFabric()] })).status).toBe(401);
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

  it('a log-out while a write of the same session is in flight stays logged out', async () => {
    const client = await clientAs(shop.db.pool, shop.url, customerUser('racing-writer'));
    const cookie = client.cookieHeader();
    // Hold the write at its append (after express-session loaded the session) with a lock on the event store.
    const lock = await shop.db.pool.connect();
    let writing: ReturnType<ApiClient['post']> | undefined;
    try {
      await lock.query('BEGIN');
      await lock.query('LOCK TABLE events IN EXCLUSIVE MODE');
      writing = client.post('/api/projects/', { name: 'Raced cushions', fabrics: [completeFabric()] });
      const deadline = Date.now() + 30_000;
      const waiting = async () =>
        (await shop.db.pool.query<{ n: number }>("SELECT count(*)::int AS n FROM pg_locks WHERE NOT granted AND relation = 'events'::regclass")).rows[0]!.n > 0;
      while (!(await waiting())) {
        if (Date.now() > deadline) throw new Error('the write never reached the event store');
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect((await client.delete('/api/sessions')).status).toBeLessThan(300);
    } finally {
      await lock.query('ROLLBACK');
      lock.release();
    }
    expect((await writing).status).toBe(201);
    const { rows } = await shop.db.pool.query("SELECT sid FROM http_sessions WHERE sess -> 'user' ->> 'userId' = 'racing-writer'");
    expect(rows).toEqual([]);
    expect((await fetch(new URL('/api/projects/', shop.url), { headers: { cookie } })).status).toBe(401);
  });

  it("a log-in whose session would be stored after a password change ended the user's sessions is refused, not kept", async () => {
    const { client: owner, email, password, userId } = await activeCustomer(shop, 'Rita Racing');
    const other = await anonymous(shop);
    // Hold the log-in after its password check, at its reset of the failed-attempt count, with a table lock.
    const lock = await shop.db.pool.connect();
    let loggingIn: ReturnType<ApiClient['post']> | undefined;
    try {
      await lock.query('BEGIN');
      await lock.query('LOCK TABLE login_failures IN EXCLUSIVE MODE');
      loggingIn = other.post('/api/sessions/', { email, password });
      const deadline = Date.now() + 30_000;
      const waiting = async () =>
        (
          await shop.db.pool.query<{ n: number }>(
            "SELECT count(*)::int AS n FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND query = 'DELETE FROM login_failures WHERE key = $1'",
          )
        ).rows[0]!.n > 0;
      while (!(await waiting())) {
        if (Date.now() > deadline) throw new Error('the log-in never reached its reset of failed attempts');
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      // Meanwhile the owner changes the password, which ends every other session of the user.
      expect((await owner.put('/api/users/', { password: 'Changed-Pass2', current_password: password })).status).toBe(200);
    } finally {
      await lock.query('ROLLBACK');
      lock.release();
    }
    const refused = await loggingIn;
    expect(refused.status).toBe(401);
    expect(refused.body).toEqual({ status: 401, message: 'Unable to log in with the provided credentials.' });
    expect(other.cookieHeader()).not.toMatch(/(^|; )sid=/);
    // Only the session that changed the password is left.
    const { rows } = await shop.db.pool.query<{ n: number }>("SELECT count(*)::int AS n FROM http_sessions WHERE sess -> 'user' ->> 'userId' = $1", [userId]);
    expect(rows[0]!.n).toBe(1);
    expect((await owner.get('/api/users/')).body.email).toBe(email);
  });
});
