import { afterAll, beforeAll, expect } from 'vitest';
import { ApiClient } from '../../support/http-client.js';
import type { TestDatabase } from '@shop/infra/testing';
import type { TestShop } from '../../support/shop.js';

export const STAFF = { email: 'staff@shop.test', password: 'Staff-Pass1' };

/** Env that makes startTestShop ensure the staff account. */
export const staffEnv = { STAFF_EMAIL: STAFF.email, STAFF_PASSWORD: STAFF.password };

/** All the clients below need of a shop: a TestShop, or a browser test's shop (tests/support/browser-shop.ts). */
type ShopAddress = Pick<TestShop, 'url'>;

/** A client that has done a GET, so it holds the CSRF cookie. */
export async function anonymous(shop: ShopAddress): Promise<ApiClient> {
  const client = new ApiClient(shop.url!);
  await client.get('/api/openapi.json');
  return client;
}

export async function loggedIn(shop: ShopAddress, email: string, password: string): Promise<ApiClient> {
  const client = await anonymous(shop);
  const response = await client.post('/api/sessions/', { email, password });
  expect(response.status, response.text).toBe(200);
  return client;
}

export const staffClient = (shop: ShopAddress) => loggedIn(shop, STAFF.email, STAFF.password);

let counter = 0;

/**
 * An active customer without the mail round trip: signs up, then activates with the token the
 * reactor wrote into the mail file (the SMTP path is covered by the scenario test).
 */
export async function activeCustomer(shop: ShopAddress, name = 'Cora Customer'): Promise<{ client: ApiClient; email: string; password: string; userId: string }> {
  const email = `customer${++counter}-${Date.now()}@shop.test`;
  const password = 'Customer-Pass1';
  const client = await anonymous(shop);
  const signup = await client.post('/api/users/', { email, name, password });
  expect(signup.status, signup.text).toBe(201);
  const token = await activationTokenFor(shop, email);
  expect((await client.put('/api/activation/', { activation_key: token })).status).toBe(200);
  return { client: await loggedIn(shop, email, password), email, password, userId: signup.body.user_id };
}

/** Reads the activation link from the mail the reactor wrote (file transport) for this address. */
export async function activationTokenFor(shop: ShopAddress, email: string): Promise<string> {
  const staff = await staffClient(shop);
  for (let attempt = 0; attempt < 100; attempt++) {
    const list = await staff.get('/api/internal/mail/');
    const entry = (list.body as Array<{ id: string; to: string; subject: string }>).find((mail) => mail.to === email && /Activate/.test(mail.subject));
    if (entry) {
      const mail = await staff.get(`/api/internal/mail/${entry.id}`);
      return /\/activation\/([A-Za-z0-9_-]+)/.exec(mail.body.text)![1]!;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no activation mail for ${email}`);
}

/** A line item that passes the SPEC §5 checks: a custom item described in words. */
export const customItem = { product_id: 0, product_type: 'X', name: 'Window seat', description: 'A long cushion for the bay window', quantity: 2, has_upholstery: false };

export const completeFabric = (id = 'f1') => ({ id, name: 'Linen', items: [customItem] });

/**
 * A test shop with its own DATA_DIR (uploads, mail files; `dataDir`) and the staff account
 * ensured. `before` writes into the database before the shop starts (see startTestShop).
 */
export async function startCommandShop(env: Record<string, string> = {}, before?: (db: TestDatabase) => Promise<void>): Promise<TestShop & { dataDir: string }> {
  const { mkdtemp } = await import('node:fs/promises');
  const os = await import('node:os');
  const path = await import('node:path');
  const { startTestShop } = await import('../../support/shop.js');
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'shop-commands-'));
  return { ...(await startTestShop({ DATA_DIR: dataDir, ...staffEnv, ...env }, undefined, before)), dataDir };
}

/** A file's shop with one active customer and a staff member, filled in by the file's `beforeAll`. */
export interface CustomerAndStaff {
  shop: TestShop;
  customer: ApiClient;
  customerId: string;
  staff: ApiClient;
}

/** Starts one shop for the calling test file (before its tests, stopped after them): most command tests need just this. */
export function shopWithCustomerAndStaff(customerName?: string): CustomerAndStaff {
  const world = {} as CustomerAndStaff;
  beforeAll(async () => {
    world.shop = await startCommandShop();
    const made = await activeCustomer(world.shop, customerName);
    world.customer = made.client;
    world.customerId = made.userId;
    world.staff = await staffClient(world.shop);
  });
  afterAll(async () => {
    await world.shop?.stop();
  });
  return world;
}

/** The read-your-writes header for a project stream at a revision the caller saw answered. */
export const seenProject = (projectId: string, revision: number) => ({ 'x-min-revision': `project-${projectId}@${revision}` });
