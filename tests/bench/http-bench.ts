import { mkdtemp } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import autocannon, { type Client, type Request as CannonRequest } from 'autocannon';
import { createPool, type Pool } from '@shop/infra';
import { findTimeline } from '@shop/projectors/queries';
import type { ApiClient } from '../support/http-client.js';
import { startRole } from '../support/processes.js';
import { clientAs, customerUser } from '../int/queries/support/sessions.js';
import type { BenchContext, Row } from './bench-context.js';
import { fmt } from './measure.js';

const NEW_PROJECT = JSON.stringify({ name: 'Bench cushions', fabrics: [] });

interface Customer {
  client: ApiClient;
  userId: string;
  projectId: string;
  /** Projects the shop acknowledged (201) during the mixed load. */
  created: string[];
}

/**
 * The shop as people use it, over HTTP (issue 34): each endpoint alone (10 connections), then
 * many customers browsing and starting projects at fixed rates (32 connections, 80% reads of the
 * catalogue, their list, one project and its timeline, 20% new projects), beside a minimal
 * node:http + pg server running the same SQL for the list and the detail: the physical limit here.
 */
export async function httpBench(context: BenchContext): Promise<Row[]> {
  const seconds = context.quick ? 3 : 8;
  const mixedSeconds = context.quick ? 5 : 10;
  const url = await context.freshDatabase();
  const shop = await startRole('shop', { DATABASE_URL: url, DATA_DIR: await mkdtemp(path.join(os.tmpdir(), 'shop-bench-http-')) });
  const pool = createPool(url, 10);
  const minimal = await minimalServer(pool);
  try {
    const base = shop.url!;
    const reader = await customerWithProjects(pool, base, 'bench-reader', 20);
    const writer = await customerWithProjects(pool, base, 'bench-writer', 1);
    const rows: Row[] = [];
    const alone = async (name: string, target: string, client?: ApiClient, post = false) => {
      const result = await autocannon({ url: target, connections: 10, duration: seconds, ...(post ? postOptions(client!) : { headers: getHeaders(client) }) });
      return { name, result };
    };
    const minimalList = await alone('minimal list', `${minimal.url}/list?owner=${reader.userId}`);
    const minimalDetail = await alone('minimal detail', `${minimal.url}/detail?id=${reader.projectId}`);
    const measured = [
      await alone('GET /healthz', `${base}/healthz`),
      await alone('GET /api/products/', `${base}/api/products/`),
      await alone('GET /api/fabrics/', `${base}/api/fabrics/`),
      await alone("GET /api/projects/ (a customer's 20)", `${base}/api/projects/`, reader.client),
      await alone('GET /api/projects/{id}/', `${base}/api/projects/${reader.projectId}/`, reader.client),
      await alone('POST /api/projects/', `${base}/api/projects/`, writer.client, true),
    ];
    const versus: Record<string, typeof minimalList> = { "GET /api/projects/ (a customer's 20)": minimalList, 'GET /api/projects/{id}/': minimalDetail };
    for (const { name, result } of measured) {
      const against = versus[name];
      rows.push({
        section: 'http',
        case: `${name} alone, 10 connections`,
        figures: `${fmt(result.requests.average)} req/s p50 ${fmt(result.latency.p50, 1)} ms p99 ${fmt(result.latency.p99, 1)} ms, ${fmt(result.throughput.average / Math.max(1, result.requests.average))} B/answer, ${result.non2xx + result.errors} errors${against ? ` · minimal node:http + pg ${fmt(against.result.requests.average)} req/s p99 ${fmt(against.result.latency.p99, 1)} ms` : ''}`,
        ratio: against ? `shop/minimal ${fmt(result.requests.average / against.result.requests.average, 2)} (target >= 0.6)` : name === 'GET /api/products/' ? 'target >= 2,000 req/s' : '',
      });
    }
    const customers = await Promise.all(Array.from({ length: 32 }, (_, i) => customerWithProjects(pool, base, `bench-mixed-${i}`, 1)));
    for (const rate of context.quick ? [300] : [300, 600]) rows.push(await mixedLoad(base, customers, rate, mixedSeconds));
    return rows;
  } finally {
    minimal.server.close();
    await pool.end();
    await shop.stop();
  }
}

async function customerWithProjects(pool: Pool, base: string, userId: string, count: number): Promise<Customer> {
  const client = await clientAs(pool, base, customerUser(userId));
  let projectId = '';
  for (let i = 0; i < count; i++) {
    const created = await client.post('/api/projects/', JSON.parse(NEW_PROJECT));
    if (created.status !== 201) throw new Error(`creating a bench project answered ${created.status}: ${created.text}`);
    projectId = (created.body as { id: string }).id;
  }
  await listedEventually(client, [projectId]);
  return { client, userId, projectId, created: [] };
}

const getHeaders = (client?: ApiClient) => ({ 'accept-encoding': 'gzip', ...(client ? { cookie: client.cookieHeader() } : {}) });
const postOptions = (client: ApiClient) => ({
  method: 'POST' as const,
  body: NEW_PROJECT,
  headers: { ...getHeaders(client), 'content-type': 'application/json', 'x-csrftoken': client.csrfToken! },
});

/** The mix at a fixed rate: each connection is one customer repeating catalogue, list, project, timeline, new project. */
async function mixedLoad(base: string, customers: Customer[], rate: number, seconds: number): Promise<Row> {
  let next = 0;
  const setupClient = (client: Client) => {
    const customer = customers[next++ % customers.length]!;
    const headers = getHeaders(customer.client);
    const requests: CannonRequest[] = [
      { method: 'GET', path: '/api/products/', headers },
      { method: 'GET', path: '/api/projects/', headers },
      { method: 'GET', path: `/api/projects/${customer.projectId}/`, headers },
      { method: 'GET', path: `/api/projects/${customer.projectId}/timeline/`, headers },
      {
        ...postOptions(customer.client),
        path: '/api/projects/',
        onResponse: (status: number, body: string) => {
          if (status === 201) customer.created.push((JSON.parse(body) as { id: string }).id);
        },
      },
    ];
    client.setRequests(requests);
  };
  const before = customers.reduce((sum, customer) => sum + customer.created.length, 0);
  const result = await autocannon({ url: base, connections: 32, overallRate: rate, duration: seconds, setupClient });
  const acknowledged = customers.reduce((sum, customer) => sum + customer.created.length, 0) - before;
  let missing = 0;
  for (const customer of customers) missing += await listedEventually(customer.client, customer.created);
  return {
    section: 'http',
    case: `mixed load asked ${fmt(rate)} req/s, 32 connections, ${seconds} s`,
    figures: `served ${fmt(result.requests.average)} req/s p50 ${fmt(result.latency.p50, 1)} ms p99 ${fmt(result.latency.p99, 1)} ms, ${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} timeouts; ${fmt(acknowledged)} creates acknowledged, ${missing} of them not listed`,
    ratio: `served/asked ${fmt(result.requests.average / rate, 2)} (target at 600: all, p99 <= 100 ms)`,
  };
}

/** Waits (up to 60 s) until the customer's list shows every id; answers how many it never showed. */
async function listedEventually(client: ApiClient, ids: string[]): Promise<number> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const list = await client.get('/api/projects/?limit=500');
    const shown = new Set((list.body as Array<{ id: string }>).map((project) => project.id));
    const missing = ids.filter((id) => !shown.has(id)).length;
    if (missing === 0 || Date.now() > deadline) return missing;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The list's two statements and the detail's row and timeline, as the query API runs them, and nothing else. */
async function minimalServer(pool: Pool): Promise<{ server: Server; url: string }> {
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const answer = url.pathname === '/list' ? listRows(pool, url.searchParams.get('owner')!) : detailRow(pool, url.searchParams.get('id')!);
    answer.then(
      (body) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body)),
      () => res.writeHead(500).end(),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

const customerWhere = `NOT deleted AND (owner_id = $1 OR organization_id = ANY('{}'::text[]))`;

async function listRows(pool: Pool, owner: string) {
  const page = await pool.query(
    `SELECT stream_state FROM project_details WHERE ${customerWhere}
      ORDER BY customer_rank, customer_date ASC NULLS LAST, customer_updated DESC NULLS LAST, project_id LIMIT 100 OFFSET 0`,
    [owner],
  );
  const count = await pool.query(`SELECT count(*) AS total FROM project_details WHERE ${customerWhere}`, [owner]);
  return { total: count.rows[0].total as string, rows: page.rows };
}

async function detailRow(pool: Pool, id: string) {
  const row = await pool.query<{ stream_id: string }>('SELECT stream_id, revision, stream_state FROM project_details WHERE project_id = $1', [id]);
  return { row: row.rows[0], timeline: await findTimeline(pool, row.rows[0]!.stream_id) };
}
