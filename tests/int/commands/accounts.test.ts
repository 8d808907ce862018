import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestShop } from '../../support/shop.js';
import { activationTokenFor, activeCustomer, anonymous, loggedIn, STAFF, startCommandShop } from './helpers.js';

let shop: TestShop;
beforeAll(async () => {
  shop = await startCommandShop();
});
afterAll(async () => {
  await shop?.stop();
});

const PASSWORD_RULE = 'Please choose a password of at least 8 characters with a number, a lowercase and an uppercase letter.';

describe('POST /api/users/ (sign up)', () => {
  it('creates a pending account and answers 201 with the profile', async () => {
    const client = await anonymous(shop);
    const response = await client.post('/api/users/', { email: 'new.person@shop.test', name: 'New Person', password: 'Good-Pass1' });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({ email: 'new.person@shop.test', name: 'New Person', is_staff: false, is_active: false, revision: 1 });
    expect(response.body.user_hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('refuses a weak password with the SPEC rule, and a bad e-mail', async () => {
    const client = await anonymous(shop);
    const weak = await client.post('/api/users/', { email: 'weak@shop.test', name: 'W', password: 'password' });
    expect(weak.status).toBe(400);
    expect(weak.body).toEqual({ status: 400, message: PASSWORD_RULE, problems: [{ field: 'password', message: PASSWORD_RULE }] });
    const badEmail = await client.post('/api/users/', { email: 'not-an-email', name: 'W', password: 'Good-Pass1' });
    expect(badEmail.status).toBe(400);
    expect(badEmail.body.message).toBe('Please enter a valid e-mail address.');
  });

  it('answers 409 for an e-mail that has an account', async () => {
    const client = await anonymous(shop);
    const response = await client.post('/api/users/', { email: STAFF.email.toUpperCase(), name: 'Copy', password: 'Good-Pass1' });
    expect(response.status).toBe(409);
    expect(response.body.message).toMatch(/already exists/);
  });

  it('needs the CSRF header like every write', async () => {
    const client = await anonymous(shop);
    const response = await client.post('/api/users/', { email: 'x@shop.test', name: 'X', password: 'Good-Pass1' }, { 'x-csrftoken': 'forged' });
    expect(response.status).toBe(403);
  });
});

describe('activation', () => {
  it('refuses log-in before activation, activates once with the mailed key, then logs in', async () => {
    const client = await anonymous(shop);
    await client.post('/api/users/', { email: 'pending@shop.test', name: 'Pending', password: 'Good-Pass1' });
    const early = await client.post('/api/sessions/', { email: 'pending@shop.test', password: 'Good-Pass1' });
    expect(early.status).toBe(403);
    const token = await activationTokenFor(shop, 'pending@shop.test');
    const activated = await client.put('/api/activation/', { activation_key: token });
    expect(activated.status).toBe(200);
    expect(activated.body).toMatchObject({ is_active: true, message: 'Your account is active. You can log in now.' });
    const again = await client.put('/api/activation/', { activation_key: token });
    expect(again.status).toBe(400);
    expect((await client.post('/api/sessions/', { email: 'pending@shop.test', password: 'Good-Pass1' })).status).toBe(200);
  });

  it('answers 400 for a missing or unknown key and the same 200 for any e-mail on resend', async () => {
    const client = await anonymous(shop);
    expect((await client.put('/api/activation/', {})).status).toBe(400);
    expect((await client.put('/api/activation/', { activation_key: 'nope' })).status).toBe(400);
    const unknown = await client.post('/api/activation/', { email: 'nobody@shop.test' });
    expect(unknown.status).toBe(200);
    expect(unknown.body.message).toMatch(/If nobody@shop.test has an account/);
  });
});

describe('sessions', () => {
  it('logs in with a fresh session and out again', async () => {
    const client = await loggedIn(shop, STAFF.email, STAFF.password);
    expect((await client.get('/api/users/')).body).toMatchObject({ email: STAFF.email, is_staff: true });
    expect((await client.delete('/api/sessions')).status).toBe(204);
    expect((await client.get('/api/users/')).body).toMatchObject({ user_id: null });
  });

  it('answers 401 { status, message } for a wrong password and 400 for a missing one', async () => {
    const client = await anonymous(shop);
    const wrong = await client.post('/api/sessions/', { email: 'someone@shop.test', password: 'Wrong-Pass1' });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual({ status: 401, message: 'Unable to log in with the provided credentials.' });
    expect((await client.post('/api/sessions/', { email: 'someone@shop.test' })).status).toBe(400);
  });

  it('throttles failed log-ins per account with 429, even with the right password', async () => {
    const { email, password } = await activeCustomer(shop);
    const client = await anonymous(shop);
    for (let i = 0; i < 5; i++) expect((await client.post('/api/sessions/', { email, password: 'Wrong-Pass1' })).status).toBe(401);
    const blocked = await client.post('/api/sessions/', { email, password });
    expect(blocked.status).toBe(429);
    expect(blocked.body.message).toMatch(/Too many/);
  });
});

describe('PUT /api/users/', () => {
  it('updates name and phone, and changes the password with the current one', async () => {
    const { client, email, password } = await activeCustomer(shop);
    const updated = await client.put('/api/users/', { name: 'Cora C.', phone: '555-0100' });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ name: 'Cora C.', phone: '555-0100' });
    const wrongCurrent = await client.put('/api/users/', { password: 'Newer-Pass2', current_password: 'nope' });
    expect(wrongCurrent.status).toBe(400);
    const weak = await client.put('/api/users/', { password: 'short', current_password: password });
    expect(weak.body.message).toBe(PASSWORD_RULE);
    expect((await client.put('/api/users/', { password: 'Newer-Pass2', current_password: password })).status).toBe(200);
    await loggedIn(shop, email, 'Newer-Pass2');
  });

  it('answers 401 when not logged in and 409 for a stale revision', async () => {
    expect((await (await anonymous(shop)).put('/api/users/', { name: 'X' })).status).toBe(401);
    const { client } = await activeCustomer(shop);
    const stale = await client.put('/api/users/', { name: 'Stale', revision: 0 });
    expect(stale.status).toBe(409);
  });
});

describe('password reset', () => {
  it('e-mails a link whose token sets a new password once', async () => {
    const { email } = await activeCustomer(shop);
    const client = await anonymous(shop);
    expect((await client.post('/api/password-reset/reset_password/', { email })).status).toBe(200);
    const staff = await loggedIn(shop, STAFF.email, STAFF.password);
    let token = '';
    for (let attempt = 0; attempt < 100 && !token; attempt++) {
      const entry = (await staff.get('/api/internal/mail/')).body.find((mail: any) => mail.to === email && /Reset/.test(mail.subject));
      if (entry) token = /token=([A-Za-z0-9_-]+)/.exec((await staff.get(`/api/internal/mail/${entry.id}`)).body.text)![1]!;
      else await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const weak = await client.post('/api/password-reset/confirm/', { password: 'weak', token });
    expect(weak.status).toBe(400);
    expect((await client.post('/api/password-reset/confirm/', { password: 'Reset-Pass3', token })).status).toBe(200);
    expect((await client.post('/api/password-reset/confirm/', { password: 'Reset-Pass4', token })).status).toBe(400);
    await loggedIn(shop, email, 'Reset-Pass3');
  });
});

describe('staff-only mail list', () => {
  it('answers 401 anonymously and 403 for a customer', async () => {
    expect((await (await anonymous(shop)).get('/api/internal/mail/')).status).toBe(401);
    const { client } = await activeCustomer(shop);
    expect((await client.get('/api/internal/mail/')).status).toBe(403);
  });
});
