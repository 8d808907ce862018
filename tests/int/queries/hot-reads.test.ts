import http from 'node:http';
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { pino } from 'pino';
import { createLogger, embeddedConfigSchema, loadConfig } from '@shop/infra';
import { createTestDatabase, type TestDatabase } from '@shop/infra/testing';
import { startShop, type RunningShop } from '@shop/server';
import { ApiClient } from '../../support/http-client.js';
import { activeCustomer, completeFabric, loggedIn, STAFF, staffEnv } from '../commands/helpers.js';

/**
 * The customer's hot reads served on plain node:http in front of Express (docs/decisions/0253)
 * answer exactly what Express answers: two query processes on one database, one with
 * HOT_READS=on and one with HOT_READS=off, are sent the same requests, and their statuses,
 * headers (but Date), bodies (raw bytes, gzip included), request log lines and latency
 * histograms are compared. The embedded shop beside them takes the log-ins and writes.
 */
let db: TestDatabase;
let shop: RunningShop;
let hot: RunningShop;
let cold: RunningShop;
const logLines = { hot: [] as Array<Record<string, any>>, cold: [] as Array<Record<string, any>> };

function sinkInto(lines: Array<Record<string, any>>) {
  return new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line) as Record<string, any>);
      done();
    },
  });
}

let customer: ApiClient;
let other: ApiClient;
let staff: ApiClient;
let anonymousWithCookies: ApiClient;
let own: { id: string; revision: number };
let othersId: string;

beforeAll(async () => {
  db = await createTestDatabase(inject('adminDatabaseUrl'));
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'shop-hot-reads-'));
  const env = { PORT: '0', DATABASE_URL: db.url, DATA_DIR: dataDir, LOG_LEVEL: 'info', ...staffEnv };
  shop = await startShop(loadConfig(embeddedConfigSchema, env), createLogger('silent'));
  hot = await startShop(loadConfig(embeddedConfigSchema, { ...env, HOT_READS: 'on' }), pino({ level: 'info' }, sinkInto(logLines.hot)), ['query']);
  cold = await startShop(loadConfig(embeddedConfigSchema, { ...env, HOT_READS: 'off' }), pino({ level: 'info' }, sinkInto(logLines.cold)), ['query']);

  const asTestShop = { ...shop, url: shop.url!, db };
  staff = await loggedIn(asTestShop, STAFF.email, STAFF.password);
  customer = (await activeCustomer(asTestShop, 'Hetty Hot')).client;
  other = (await activeCustomer(asTestShop, 'Otto Other')).client;
  // Enough projects for a list above the 1 KB gzip threshold.
  for (const name of ['Bay window seat', 'Garden cushions', 'Reading nook']) {
    const created = await customer.post('/api/projects/', { name, fabrics: [completeFabric()] });
    expect(created.status, created.text).toBe(201);
    own = { id: created.body.id, revision: created.body.revision };
  }
  const theirs = await other.post('/api/projects/', { name: 'Not yours', fabrics: [completeFabric()] });
  expect(theirs.status, theirs.text).toBe(201);
  othersId = theirs.body.id;
  anonymousWithCookies = new ApiClient(shop.url!);
  await anonymousWithCookies.get('/api/products/');
}, 180_000);

afterAll(async () => {
  await cold?.stop();
  await hot?.stop();
  await shop?.stop();
  await db?.drop();
});

interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** The answer as it left the server: no decompression, no header folding by a fetch client. */
function send(base: string, method: string, target: string, headers: Record<string, string>): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const request = http.request(new URL(target, base), { method, headers, agent: false }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode!, headers: response.headers, body: Buffer.concat(chunks) }));
      response.on('error', reject);
    });
    request.on('error', reject);
    request.end();
  });
}

/**
 * Headers to compare: all but Date; a cookie's expiry is to the second of when it was sent, and a
 * new visitor's anonymous id (and the token bound to it) is random in each answer.
 */
function comparable(answer: RawAnswer) {
  const { date: _date, ...headers } = answer.headers;
  const cookies = (headers['set-cookie'] ?? []).map((line) => line.replace(/Expires=[^;]+/i, 'Expires=…').replace(/^(anonid|csrftoken)=[^;]+/, '$1=…'));
  return { status: answer.status, headers: { ...headers, 'set-cookie': cookies }, body: answer.body.toString('base64') };
}

let sent = 0;

/** Sends the same request to both processes and expects the same answer; returns it. */
async function same(client: ApiClient | null, target: string, headers: Record<string, string> = {}, method = 'GET'): Promise<RawAnswer> {
  const correlation = `hot-reads-${++sent}`;
  const all = { ...(client ? { cookie: client.cookieHeader() } : {}), 'x-correlation-id': correlation, ...headers };
  const fromHot = await send(hot.url!, method, target, all);
  const fromCold = await send(cold.url!, method, target, all);
  expect(comparable(fromHot), `${method} ${target}`).toEqual(comparable(fromCold));
  return fromHot;
}

const servedBeforeExpress = async (base: string) => {
  const metrics = await (await fetch(new URL('/metrics', base))).text();
  return metrics
    .split('\n')
    .filter((line) => line.startsWith('http_requests_served_before_express_total{'))
    .reduce((sum, line) => sum + Number(line.split(' ').pop()), 0);
};

describe('hot reads in front of Express', () => {
  it('answer a customer’s list, detail, checkout and timeline as Express does', async () => {
    const before = await servedBeforeExpress(hot.url!);
    // A session's first read in a process renews its cookie: that read is Express's in both.
    const first = await same(customer, '/api/projects/');
    expect(first.status).toBe(200);
    expect(first.headers['set-cookie']?.some((line) => line.startsWith('sid='))).toBe(true);

    const list = await same(customer, '/api/projects/');
    expect(list.status).toBe(200);
    expect(list.headers['x-total-count']).toBe('3');
    expect(list.headers['set-cookie']).toBeUndefined();
    for (const target of [`/api/projects/${own.id}/`, `/api/checkout/${own.id}/`, `/api/projects/${own.id}/timeline/`, `/api/projects/${own.id}`]) {
      expect((await same(customer, target)).status, target).toBe(200);
    }
    expect(await servedBeforeExpress(hot.url!)).toBeGreaterThanOrEqual(before + 5);
    expect(await servedBeforeExpress(cold.url!)).toBe(0);
  });

  it('answer list queries, valid and not, the same', async () => {
    for (const query of ['?state=P', '?state=P,I&state=C', '?name=garden', '?limit=2&offset=1', '?limit=1', '?offset=7', '?state=XX', '?limit=0', '?limit=abc', '?limit=501', '?offset=-1', '?name=' + 'x'.repeat(201), '?name=%00', '?name=%E0%A4%A', '?state[]=P', '?unknown=1&limit=2']) {
      const answer = await same(customer, `/api/projects/${query}`);
      expect([200, 400], query).toContain(answer.status);
    }
    expect((await same(customer, '/api/projects/?state=XX')).status).toBe(400);
  });

  it('answer bad, unknown and other people’s ids, staff, and the signed-out the same', async () => {
    expect((await same(customer, `/api/projects/${'x'.repeat(101)}/`)).status).toBe(400);
    expect((await same(customer, '/api/projects/00000000-0000-4000-8000-000000000000/')).status).toBe(404);
    expect((await same(customer, `/api/projects/${othersId}/`)).status).toBe(403);
    expect((await same(customer, `/api/projects/${othersId}/timeline/`)).status).toBe(403);
    expect((await same(customer, '/api/projects/%7Bid%7D/')).status).toBe(404);
    await same(staff, '/api/projects/');
    expect((await same(staff, `/api/projects/${own.id}/`)).status).toBe(200);
    expect((await same(staff, `/api/checkout/${othersId}/`)).status).toBe(200);
    for (let round = 0; round < 2; round++) {
      expect((await same(null, '/api/projects/')).status).toBe(401);
      expect((await same(anonymousWithCookies, '/api/projects/')).status).toBe(401);
      expect((await same(anonymousWithCookies, `/api/projects/${own.id}/`)).status).toBe(401);
    }
  });

  it('answer If-None-Match with 304, gzip when accepted, HEAD without a body, the same', async () => {
    const detail = await same(customer, `/api/projects/${own.id}/`);
    const strong = String(detail.headers.etag);
    expect(strong).toMatch(/^"\d+-/);
    expect((await same(customer, `/api/projects/${own.id}/`, { 'if-none-match': strong })).status).toBe(304);
    expect((await same(customer, `/api/projects/${own.id}/`, { 'if-none-match': '"0-nothing"' })).status).toBe(200);
    const list = await same(customer, '/api/projects/');
    const weak = String(list.headers.etag);
    expect(weak).toMatch(/^W\//);
    expect((await same(customer, '/api/projects/', { 'if-none-match': weak })).status).toBe(304);
    expect((await same(customer, '/api/projects/', { 'if-none-match': weak }, 'HEAD')).status).toBe(304);
    const zipped = await same(customer, '/api/projects/', { 'accept-encoding': 'gzip, deflate, br' });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect((await same(customer, '/api/projects/', { 'accept-encoding': 'gzip;q=0, identity' })).headers['content-encoding']).toBeUndefined();
    expect((await same(customer, `/api/projects/${own.id}/timeline/`, { 'accept-encoding': 'gzip' })).status).toBe(200);
    const head = await same(customer, '/api/projects/', { 'accept-encoding': 'gzip' }, 'HEAD');
    expect(head.body.length).toBe(0);
    expect((await same(customer, '/api/projects/', {}, 'POST')).status).toBe(403);
  });

  it('wait for the session’s own write, and answer X-Min-Revision, the same', async () => {
    const renamed = await customer.put(`/api/projects/${own.id}/`, { name: 'Renamed just now' }, { 'if-match': `"${own.revision}"` });
    expect(renamed.status, renamed.text).toBe(200);
    const read = await same(customer, `/api/projects/${own.id}/`);
    expect(JSON.parse(read.body.toString()).name).toBe('Renamed just now');
    expect(read.headers['x-min-revision-status']).toBe('reached');
    expect((await same(customer, `/api/projects/${own.id}/`, { 'x-min-revision': `project-${own.id}@${renamed.body.revision}` })).headers['x-min-revision-status']).toBe('reached');
    expect((await same(customer, `/api/projects/${own.id}/`, { 'x-min-revision': 'nonsense' })).status).toBe(400);
  });

  it('gzip an unchanged answer once, a changed one afresh, and never give one caller another’s, the same', async () => {
    const gzip = { 'accept-encoding': 'gzip' };
    const served = await servedBeforeExpress(hot.url!);
    const listed = async (client: ApiClient) => {
      const answer = await same(client, '/api/projects/', gzip);
      expect(answer.headers['content-encoding']).toBe('gzip');
      return { tag: String(answer.headers.etag), names: (JSON.parse(gunzipSync(answer.body).toString()) as Array<{ name: string }>).map((project) => project.name) };
    };
    const before = await listed(customer);
    expect(await listed(customer)).toEqual(before);

    const { revision } = (await customer.get(`/api/projects/${own.id}/`)).body as { revision: number };
    const renamed = await customer.put(`/api/projects/${own.id}/`, { name: 'Renamed for the gzip cache' }, { 'if-match': `"${revision}"` });
    expect(renamed.status, renamed.text).toBe(200);
    const after = await listed(customer);
    expect(after.tag).not.toBe(before.tag);
    expect(after.names).toContain('Renamed for the gzip cache');
    const detail = await same(customer, `/api/projects/${own.id}/`, gzip);
    expect(JSON.parse(gunzipSync(detail.body).toString()).name).toBe('Renamed for the gzip cache');

    // Another customer with enough projects to be gzipped: their list, never the first one's.
    for (const name of ['Porch swing', 'Attic window', 'Conservatory bench']) expect((await other.post('/api/projects/', { name, fabrics: [completeFabric()] })).status).toBe(201);
    const theirs = await listed(other);
    expect(theirs.names).toEqual(expect.arrayContaining(['Not yours', 'Porch swing', 'Attic window', 'Conservatory bench']));
    expect(theirs.names).not.toContain('Renamed for the gzip cache');
    expect((await listed(customer)).names).not.toContain('Not yours');
    // Most of them came from the front handler (and its gzip cache), each compared with Express's fresh gzip.
    expect(await servedBeforeExpress(hot.url!)).toBeGreaterThanOrEqual(served + 5);
  });

  it('log the same request lines and time the same routes', async () => {
    const lineOf = (lines: Array<Record<string, any>>, id: string) => {
      const line = lines.find((candidate) => candidate.correlationId === id && candidate.req);
      // The Host header names each process's own port.
      return line && { msg: line.msg, req: { ...line.req, headers: { ...line.req.headers, host: undefined } }, res: line.res };
    };
    for (let index = 1; index <= sent; index++) {
      const id = `hot-reads-${index}`;
      expect(lineOf(logLines.hot, id), id).toEqual(lineOf(logLines.cold, id));
    }
    const histogram = async (base: string) =>
      (await (await fetch(new URL('/metrics', base))).text())
        .split('\n')
        .filter((line) => line.startsWith('http_request_duration_seconds_count{') && /projects|checkout/.test(line))
        .sort();
    // Most of the compared requests were the hot path's (the rest: first reads, cookies to set, other methods).
    expect(await servedBeforeExpress(hot.url!)).toBeGreaterThan(sent * 0.7);
    const timed = await histogram(hot.url!);
    expect(timed.length).toBeGreaterThan(3);
    expect(timed).toEqual(await histogram(cold.url!));
  });
});
