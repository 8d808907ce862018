import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../../support/http-client.js';
import type { TestShop } from '../../support/shop.js';
import { activeCustomer, anonymous, completeFabric, loggedIn, startCommandShop, staffClient } from './helpers.js';

/**
 * Issue 39, decision 0195: two guest registrations for one e-mail (a phone and a laptop), or a
 * guest registration for an address that has an account, end with every project in one account,
 * whatever the order of the two links and of a log-in in between.
 */
let shop: TestShop;
beforeAll(async () => {
  shop = await startCommandShop();
});
afterAll(async () => {
  await shop?.stop();
});

let counter = 0;
const PASSWORD = 'Joined-Pass1';

interface Guest {
  client: ApiClient;
  userId: string;
  projectName: string;
  message: string;
}

async function guestSaves(email: string, projectName: string): Promise<Guest> {
  const client = await anonymous(shop);
  const saved = await client.post('/api/guests/', { email, project: { name: projectName, fabrics: [completeFabric()] } });
  expect(saved.status, saved.text).toBe(201);
  return { client, userId: saved.body.user.user_id, projectName, message: saved.body.message };
}

/** The completion link mailed for this guest (mails to one address are told apart by the guest they name). */
async function linkOf(guest: Guest, email: string): Promise<string> {
  const staff = await staffClient(shop);
  for (let attempt = 0; attempt < 200; attempt++) {
    const mails = (await staff.get('/api/internal/mail/')).body as Array<{ id: string; to: string }>;
    for (const mail of mails.filter((m) => m.to === email)) {
      const text = (await staff.get(`/api/internal/mail/${mail.id}`)).body.text as string;
      const token = /\/profile-completion\/([A-Za-z0-9_-]+)/.exec(text)?.[1];
      if (!token) continue;
      const holder = await staff.get(`/api/profile-completion/${token}`);
      if (holder.body.user_id === guest.userId) return token;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no completion link for guest ${guest.userId}`);
}

const register = (guest: Guest, token: string) => guest.client.put(`/api/profile-completion/${token}/`, { name: 'Joan Joined', password: PASSWORD });
const join = (guest: Guest, token: string) => guest.client.put(`/api/profile-completion/${token}/`, {});

/** The names in the account's project list once both are there (the read side follows the log). */
async function expectBothInAccount(email: string, names: string[]): Promise<void> {
  const owner = await loggedIn(shop, email, PASSWORD);
  let listed: string[] = [];
  for (let attempt = 0; attempt < 100; attempt++) {
    listed = ((await owner.get('/api/projects/')).body as Array<{ name: string }>).map((p) => p.name).sort();
    if (listed.length >= names.length) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  expect(listed).toEqual([...names].sort());
}

function twoGuests() {
  const email = `joan${++counter}@shop.test`;
  return { email, phone: guestSaves(email, `Phone project ${counter}`), laptop: guestSaves(email, `Laptop project ${counter}`) };
}

describe('a second guest registration for one e-mail (decision 0195)', () => {
  it('the second save says a registration is under way; link 1 makes the account, link 2 adds its project', async () => {
    const email = `joan${++counter}@shop.test`;
    const phone = await guestSaves(email, 'Phone project');
    expect(phone.message).toBe(`We sent a link to ${email} to complete your registration.`);
    const phoneToken = await linkOf(phone, email); // the phone's mail has gone out: its registration is under way
    const laptop = await guestSaves(email, 'Laptop project');
    expect(laptop.message).toMatch(/registration for that address is already under way/);
    expect((await register(phone, phoneToken)).status).toBe(200);
    const joined = await join(laptop, await linkOf(laptop, email));
    expect(joined.body).toEqual({ joined: true, email, message: `Your project is now in the account of ${email}. Log in to see it.` });
    await expectBothInAccount(email, [phone.projectName, laptop.projectName]);
  });

  it('link 2 first, then link 1', async () => {
    const { email, phone: p, laptop: l } = twoGuests();
    const phone = await p;
    const laptop = await l;
    expect((await register(laptop, await linkOf(laptop, email))).status).toBe(200);
    expect((await join(phone, await linkOf(phone, email))).body).toMatchObject({ joined: true });
    await expectBothInAccount(email, [phone.projectName, laptop.projectName]);
  });

  it('link 1, then the second guest logs in from its browser (the project joins), then its link still answers kindly', async () => {
    const { email, phone: p, laptop: l } = twoGuests();
    const phone = await p;
    const laptop = await l;
    expect((await register(phone, await linkOf(phone, email))).status).toBe(200);
    const token = await linkOf(laptop, email);
    const login = await laptop.client.post('/api/sessions/', { email, password: PASSWORD });
    expect(login.status, login.text).toBe(200);
    await expectBothInAccount(email, [phone.projectName, laptop.projectName]);
    expect((await join(laptop, token)).body).toMatchObject({ joined: true });
    await expectBothInAccount(email, [phone.projectName, laptop.projectName]);
  });

  it('link 2, then the first guest logs in, then link 1 is used too', async () => {
    const { email, phone: p, laptop: l } = twoGuests();
    const phone = await p;
    const laptop = await l;
    const phoneToken = await linkOf(phone, email);
    expect((await register(laptop, await linkOf(laptop, email))).status).toBe(200);
    expect((await phone.client.post('/api/sessions/', { email, password: PASSWORD })).status).toBe(200);
    expect((await join(phone, phoneToken)).body).toMatchObject({ joined: true });
    await expectBothInAccount(email, [phone.projectName, laptop.projectName]);
  });

  it('a guest saving with the address of an existing account: the mail and answer say so, and the link adds the project', async () => {
    const owner = await activeCustomer(shop, 'Olga Owner');
    const guest = await guestSaves(owner.email, 'Saved while logged out');
    expect(guest.message).toBe(`${owner.email} already has an account: we sent a link there. Open it, or log in here, and this project joins that account.`);
    const token = await linkOf(guest, owner.email);
    expect((await guest.client.get(`/api/profile-completion/${token}`)).body).toMatchObject({ email: owner.email, has_account: true });
    const staff = await staffClient(shop);
    const mails = (await staff.get('/api/internal/mail/')).body as Array<{ to: string; subject: string }>;
    expect(mails.filter((m) => m.to === owner.email).map((m) => m.subject)).toContain('Add your project to your account');
    expect((await join(guest, token)).body).toMatchObject({ joined: true, email: owner.email });
    const list = async () => ((await owner.client.get('/api/projects/')).body as Array<{ name: string }>).map((p) => p.name);
    for (let attempt = 0; attempt < 100 && !(await list()).includes('Saved while logged out'); attempt++) await new Promise((r) => setTimeout(r, 100));
    expect(await list()).toContain('Saved while logged out');
  });

  it('a guest of an existing account who logs in from the same browser keeps the project', async () => {
    const owner = await activeCustomer(shop, 'Lena Login');
    const guest = await guestSaves(owner.email, 'Saved then logged in');
    expect((await guest.client.post('/api/sessions/', { email: owner.email, password: owner.password })).status).toBe(200);
    const list = async () => ((await guest.client.get('/api/projects/')).body as Array<{ name: string }>).map((p) => p.name);
    for (let attempt = 0; attempt < 100 && !(await list()).includes('Saved then logged in'); attempt++) await new Promise((r) => setTimeout(r, 100));
    expect(await list()).toContain('Saved then logged in');
  });

  it('logging in from a guest browser as someone else moves nothing', async () => {
    const other = await activeCustomer(shop, 'Otto Other');
    const guest = await guestSaves(`nototto${++counter}@shop.test`, 'Not Otto’s');
    expect((await guest.client.post('/api/sessions/', { email: other.email, password: other.password })).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 500));
    const names = ((await guest.client.get('/api/projects/')).body as Array<{ name: string }>).map((p) => p.name);
    expect(names).not.toContain('Not Otto’s');
  });
});
