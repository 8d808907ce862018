import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../../support/http-client.js';
import type { TestShop } from '../../support/shop.js';
import { activeCustomer, anonymous, completeFabric, loggedIn, startCommandShop, staffClient } from '../commands/helpers.js';
import { AUTHORIZATION_MATRIX, makeFixtures, ROLES, type Fixtures, type MatrixRow, type Outcome, type Role } from './authorization-matrix.js';

/**
 * The authorization matrix (authorization-matrix.ts): one case per endpoint × caller, generated
 * from the table, and a check that every endpoint the OpenAPI document lists has its row.
 */

let shop: TestShop;
let fixtures: Fixtures;
const sessions = new Map<Role, () => Promise<ApiClient>>();
const clients = new Map<Role, ApiClient>();

async function guestClient(): Promise<ApiClient> {
  const client = await anonymous(shop);
  const email = `guest-${Date.now()}-${Math.random().toString(36).slice(2)}@shop.test`;
  const created = await client.post('/api/guests/', { email, project: { name: 'Guest sofa', fabrics: [completeFabric()] } });
  expect(created.status, created.text).toBe(201);
  return client;
}

beforeAll(async () => {
  shop = await startCommandShop();
  const owner = await activeCustomer(shop, 'Owner Customer');
  const other = await activeCustomer(shop, 'Other Customer');
  const staff = await staffClient(shop);

  fixtures = await makeFixtures(owner.client, staff, 'Matrix');

  sessions.set('anonymous', () => anonymous(shop));
  sessions.set('guest', guestClient);
  sessions.set('customer', () => loggedIn(shop, owner.email, owner.password));
  sessions.set('otherCustomer', () => loggedIn(shop, other.email, other.password));
  sessions.set('staff', () => staffClient(shop));
  for (const role of ROLES) clients.set(role, await sessions.get(role)!());
});

afterAll(async () => {
  await shop?.stop();
});

function satisfies(status: number, outcome: Outcome): boolean {
  if (outcome === 'ok') return status >= 200 && status < 300;
  if (outcome === 'allowed') return status !== 401 && status !== 403 && status < 500;
  return status === outcome;
}

const cases = AUTHORIZATION_MATRIX.flatMap((row) => ROLES.map((role) => ({ row, role, outcome: row.expect[role] })));

describe(`authorization matrix: ${AUTHORIZATION_MATRIX.length} endpoints × ${ROLES.length} callers`, () => {
  it.each(cases.map((c) => [`${c.row.method} ${c.row.path} as ${c.role} → ${c.outcome}`, c] as const))('%s', async (_name, { row, role, outcome }) => {
    const client = row.changesSession ? await sessions.get(role)!() : clients.get(role)!;
    const { url, body } = row.request(fixtures);
    const response = await send(client, row, url, body);
    expect(satisfies(response.status, outcome), `${row.method} ${url} as ${role}: ${response.status} ${response.text.slice(0, 300)}`).toBe(true);
    if (response.status >= 400) expect(response.body, 'errors answer { status, message }').toMatchObject({ status: response.status, message: expect.any(String) });
  });

  it('has a row for every endpoint the OpenAPI document lists, and every SPEC §7 row is in the document', async () => {
    const document = (await new ApiClient(shop.url).get('/api/openapi.json')).body as { paths: Record<string, Record<string, unknown>> };
    const documented = Object.entries(document.paths).flatMap(([path, operations]) => Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`));
    const rows = new Set(AUTHORIZATION_MATRIX.map((row) => `${row.method} ${row.path}`));
    expect(documented.filter((endpoint) => !rows.has(endpoint)), 'endpoints without a row in tests/int/fuzz/authorization-matrix.ts').toEqual([]);
    const undocumented = AUTHORIZATION_MATRIX.filter((row) => row.path !== '/openapi.json' && !documented.includes(`${row.method} ${row.path}`));
    expect(undocumented.map((row) => `${row.method} ${row.path}`), 'rows whose endpoint the document does not list').toEqual([]);
    expect(rows.size, 'one row per endpoint').toBe(AUTHORIZATION_MATRIX.length);
  });
});

function send(client: ApiClient, row: MatrixRow, url: string, body: unknown) {
  switch (row.method) {
    case 'GET':
      return client.get(url);
    case 'DELETE':
      return client.delete(url);
    case 'POST':
      return client.post(url, body);
    case 'PUT':
      return client.put(url, body);
  }
}
