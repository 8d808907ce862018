import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '@shop/infra/testing';
import { ApiClient } from '../../support/http-client.js';
import { npmStartScaled, type NpmScaledShop } from '../../support/npm-start.js';
import { sharedTestKafka, type TestKafka } from '../../support/kafka.js';
import { expectShopHeaders } from '../../support/security-headers.js';
import type { TestShop } from '../../support/shop.js';
import { activeCustomer, loggedIn, startCommandShop, STAFF, staffClient, staffEnv } from '../commands/helpers.js';
import { AUTHORIZATION_MATRIX, makeFixtures, type Fixtures, type MatrixRow } from '../fuzz/authorization-matrix.js';

/**
 * `npm run start:scaled`, run as an operator runs it, against the embedded shop: every
 * documented operation once, through the entry port, as staff, must answer as the embedded shop
 * does. The entry port routes by the role each operation has in the OpenAPI document.
 */

interface Side {
  shop: { url: string };
  fixtures: Fixtures;
  staff: ApiClient;
  /** The project's owner, who may fetch its uploaded image. */
  owner: ApiClient;
}

let kafka: TestKafka | null;
let db: TestDatabase;
let scaled: NpmScaledShop | null = null;
let embedded: TestShop | null = null;
const sides: { scaled?: Side; embedded?: Side } = {};

/** The same fixtures on either topology, through its own HTTP API. */
async function fixturesOn(shop: { url: string }): Promise<Side> {
  const asShop = shop as TestShop;
  const owner = await activeCustomer(asShop, 'Owner Customer');
  const staff = await staffClient(asShop);
  const fixtures = await makeFixtures(owner.client, staff, 'Routing');
  return { shop, fixtures, staff, owner: owner.client };
}

beforeAll(async () => {
  kafka = await sharedTestKafka();
  if (!kafka) return;
  db = await createTestDatabase(inject('adminDatabaseUrl'));
  scaled = await npmStartScaled({
    LOG_LEVEL: 'warn',
    DATABASE_URL: db.url,
    KAFKA_BROKERS: kafka.brokers,
    KAFKA_TOPIC: `routing-${randomUUID().slice(0, 8)}`,
    KAFKA_PARTITIONS: '2',
    DATA_DIR: await mkdtemp(path.join(os.tmpdir(), 'shop-scaled-routing-')),
    ...staffEnv,
  });
  embedded = await startCommandShop();
  sides.scaled = await fixturesOn(scaled);
  sides.embedded = await fixturesOn(embedded);
}, 400_000);

afterAll(async () => {
  await scaled?.stop();
  await embedded?.stop();
  await db?.drop();
  await kafka?.stop();
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

type Answer = Awaited<ReturnType<ApiClient['request']>>;

/** What must match between the topologies: the status, the error message, the answer's fields. */
function gist(answer: Answer, row: MatrixRow) {
  const body = answer.body as unknown;
  // Whether a seal has run yet (200 with the digest, or 204) depends on when each shop started and
  // sealed its log (LOG_SEAL_MINUTES, decision 0347), not on routing: both are an answer served.
  if (row.path === '/internal/log-digest/' && (answer.status === 200 || answer.status === 204)) return { status: 'served' };
  if (answer.status >= 400) return { status: answer.status, message: (body as { message?: string } | undefined)?.message };
  const fields = Array.isArray(body) ? ['(list)'] : body && typeof body === 'object' ? Object.keys(body).sort() : [];
  return { status: answer.status, fields };
}

async function call(side: Side, row: MatrixRow): Promise<Answer> {
  const client = row.changesSession ? await loggedIn(side.shop as TestShop, STAFF.email, STAFF.password) : side.staff;
  const { url, body } = row.request(side.fixtures);
  return send(client, row, url, body);
}

describe('scaled topology routing', () => {
  it('answers every documented operation through the entry port as the embedded shop does', { timeout: 600_000 }, async (context) => {
    if (!kafka) return context.skip();
    const document = (await new ApiClient(scaled!.url).get('/api/openapi.json')).body as { paths: Record<string, Record<string, unknown>> };
    const documented = Object.entries(document.paths).flatMap(([p, operations]) => Object.keys(operations).map((method) => `${method.toUpperCase()} ${p}`));
    const rows = new Set(AUTHORIZATION_MATRIX.map((row) => `${row.method} ${row.path}`));
    expect(documented.filter((operation) => !rows.has(operation)), 'documented operations without a request in authorization-matrix.ts').toEqual([]);

    const differences: string[] = [];
    for (const row of AUTHORIZATION_MATRIX) {
      const expected = gist(await call(sides.embedded!, row), row);
      // The read side follows Kafka: a read may lag the write that made its fixture, so it is asked again for a while.
      let actual = gist(await call(sides.scaled!, row), row);
      for (let attempt = 0; row.method === 'GET' && attempt < 120 && JSON.stringify(actual) !== JSON.stringify(expected); attempt++) {
        await new Promise((resolve) => setTimeout(resolve, 500));
        actual = gist(await call(sides.scaled!, row), row);
      }
      if (JSON.stringify(actual) !== JSON.stringify(expected)) differences.push(`${row.method} ${row.path}: scaled ${JSON.stringify(actual)}, embedded ${JSON.stringify(expected)}`);
    }
    expect(differences).toEqual([]);
  });

  it('sends the security headers of issue 38 through the entry port: page, API answer, static picture, uploaded image', async (context) => {
    if (!kafka) return context.skip();
    const side = sides.scaled!;
    await expectShopHeaders(side.shop.url, { path: `/api/uploads/${side.fixtures.uploadPath}`, cookie: side.owner.cookieHeader() });
  });
});
