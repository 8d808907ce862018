import { execFileSync, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon, { type Client, type Request as CannonRequest } from 'autocannon';
import { createPool, type Pool } from '@shop/infra';
import type { ApiClient } from '../support/http-client.js';
import { startRole } from '../support/processes.js';
import { clientAs, customerUser } from '../int/queries/support/sessions.js';
import type { BenchContext, Row } from './bench-context.js';
import { fmt } from './measure.js';
import { profileSummary } from './profile/summary.js';

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
  const profile = process.env.HTTP_BENCH_PROFILE;
  const shop = await startRole('shop', {
    DATABASE_URL: url,
    DATA_DIR: await mkdtemp(path.join(os.tmpdir(), 'shop-bench-http-')),
    ...(profile ? { NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --import ${PRELOAD}`.trim() } : {}),
  });
  const pool = createPool(url, 10);
  const minimal = await minimalServer(pool);
  const loads = profile ? profiler(shop.child, profile) : null;
  try {
    const base = shop.url!;
    const reader = await customerWithProjects(pool, base, 'bench-reader', 20);
    // One customer per connection, as in the mixed load: one shared session would queue its saves on one row lock.
    const writers = await Promise.all(Array.from({ length: 10 }, (_, i) => customerWithProjects(pool, base, `bench-writer-${i}`, 1)));
    const customers = await Promise.all(Array.from({ length: 32 }, (_, i) => customerWithProjects(pool, base, `bench-mixed-${i}`, 1)));
    await loads?.mark('setup (not a load)');
    const alone = async (name: string, target: string, client?: ApiClient | ApiClient[]) => {
      const [shopBefore, benchBefore] = [cpuMicrosOf(shop.child.pid), process.cpuUsage()];
      const result = await autocannon({ url: target, connections: 10, duration: seconds, ...(Array.isArray(client) ? postsAs(client) : { headers: getHeaders(client) }) });
      const [shopAfter, bench] = [cpuMicrosOf(shop.child.pid), process.cpuUsage(benchBefore)];
      await loads?.mark(name);
      const requests = Math.max(1, result.requests.total);
      return Object.assign(result, { cpu: { shop: shopBefore === null || shopAfter === null ? null : (shopAfter - shopBefore) / requests, bench: (bench.user + bench.system) / requests } });
    };
    const rows: Row[] = [];
    const row = (name: string, result: Load, ratio = '', baseline?: Load) =>
      rows.push({
        section: 'http',
        case: `${name} alone, 10 connections`,
        figures: `${fmt(result.requests.average)} req/s p50 ${fmt(result.latency.p50, 1)} ms p99 ${fmt(result.latency.p99, 1)} ms, ${fmt(result.throughput.average / Math.max(1, result.requests.average))} B/answer, ${result.non2xx + result.errors} errors${cpuFigures(result, baseline)}${baseline ? ` · minimal node:http + pg, just before: ${fmt(baseline.requests.average)} req/s p99 ${fmt(baseline.latency.p99, 1)} ms` : ''}`,
        ratio,
      });
    /** The shop's read beside the minimal server's same SQL, measured just before it (the machine drifts). */
    const versusMinimal = async (name: string, minimalPath: string, shopPath: string) => {
      const baseline = await alone(`minimal server: ${name}`, `${minimal.url}${minimalPath}`);
      const result = await alone(name, `${base}${shopPath}`, reader.client);
      const ratio = result.requests.average / baseline.requests.average;
      row(name, result, `shop/minimal ${fmt(ratio, 2)}: ${verdict(ratio >= 0.4)} (done when >= 0.4)`, baseline);
      return result;
    };
    row('GET /healthz', await alone('GET /healthz', `${base}/healthz`));
    const products = await alone('GET /api/products/', `${base}/api/products/`);
    row('GET /api/products/', products, `${verdict(products.requests.average >= 2000)} (done when >= 2,000 req/s)`);
    row('GET /api/fabrics/', await alone('GET /api/fabrics/', `${base}/api/fabrics/`));
    await versusMinimal("GET /api/projects/ (a customer's 20)", `/list?owner=${reader.userId}`, '/api/projects/');
    const detail = await versusMinimal('GET /api/projects/{id}/', `/detail?id=${reader.projectId}`, `/api/projects/${reader.projectId}/`);
    // The shop prepares the detail's two statements (decision 0291), the yardstick above does not: the same minimal server preparing them too, for comparison.
    const prepared = await alone('minimal server: detail, statements prepared', `${minimal.url}/detail?id=${reader.projectId}&prepared=1`);
    rows.push({
      section: 'http',
      case: 'minimal node:http + pg, GET detail with its two statements prepared (information, decision 0291)',
      figures: `${fmt(prepared.requests.average)} req/s p99 ${fmt(prepared.latency.p99, 1)} ms, ${prepared.non2xx + prepared.errors} errors; CPU per request: minimal server + autocannon ${fmt(prepared.cpu.bench)} µs`,
      ratio: `shop detail/this ${fmt(detail.requests.average / prepared.requests.average, 2)}`,
    });
    row('POST /api/projects/ (10 customers)', await alone('POST /api/projects/ (10 customers)', `${base}/api/projects/`, writers.map((writer) => writer.client)));
    for (const rate of [300, 600]) {
      rows.push(await mixedLoad(base, customers, rate, mixedSeconds));
      await loads?.mark(`mixed load at ${rate} req/s`);
    }
    await loads?.report();
    return rows;
  } finally {
    minimal.server.close();
    await pool.end();
    await shop.stop();
  }
}

const verdict = (met: boolean) => (met ? 'met' : 'NOT met');

type Load = autocannon.Result & { cpu: { shop: number | null; bench: number } };

/**
 * CPU per request, steadier than a rate on a shared machine: the shop's process, and this process
 * (autocannon; with the minimal server too while it is measured, so the minimal server's own share
 * is the difference of the two).
 */
function cpuFigures(result: Load, baseline?: Load): string {
  if (result.cpu.shop === null) return '';
  const shop = `; CPU per request: shop ${fmt(result.cpu.shop)} µs, autocannon ${fmt(result.cpu.bench)} µs`;
  return baseline ? `${shop}, minimal server + autocannon ${fmt(baseline.cpu.bench)} µs` : shop;
}

const CLOCK_TICKS_PER_SECOND = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100;
  } catch {
    return 100;
  }
})();

/** The CPU time (user + system, µs) a process has used so far, from /proc; null where there is none. */
function cpuMicrosOf(pid: number | undefined): number | null {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1e6) / CLOCK_TICKS_PER_SECOND;
  } catch {
    return null;
  }
}

const PRELOAD = fileURLToPath(new URL('./profile/preload.mjs', import.meta.url));

/**
 * HTTP_BENCH_PROFILE=<dir>: the shop runs with profile/preload.mjs, which on each mark writes the
 * CPU profile and the statements counted per route of the load just run; report() prints their
 * summaries (and writes them to <dir>/summary.md). Not for figures: profiling slows the shop.
 */
function profiler(shop: ChildProcess, dir: string) {
  const names: string[] = [];
  return {
    mark: async (name: string) => {
      const n = names.push(name) - 1;
      shop.kill('SIGUSR2');
      for (let waited = 0; !existsSync(path.join(dir, `${n}.json`)); waited += 50) {
        if (waited > 30_000) throw new Error(`the shop wrote no profile for ${name}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    report: async () => {
      const summaries: string[] = [];
      for (const [n, name] of names.entries()) if (n > 0 && !name.startsWith('minimal')) summaries.push(await profileSummary(dir, n, name));
      await writeFile(path.join(dir, 'summary.md'), summaries.join('\n'));
      process.stderr.write(summaries.join('\n'));
    },
  };
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

/** New projects, each connection as its own customer (the next of `clients`). */
function postsAs(clients: ApiClient[]) {
  let next = 0;
  return {
    setupClient: (client: Client) => client.setRequests([{ ...postOptions(clients[next++ % clients.length]!), path: '/api/projects/' }]),
  };
}

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
  const served = result.requests.total / (rate * seconds);
  const failed = result.non2xx + result.errors + result.timeouts;
  const met = served >= 0.98 && result.latency.p99 <= 100 && failed === 0 && missing === 0;
  return {
    section: 'http',
    case: `mixed load asked ${fmt(rate)} req/s, 32 connections, ${seconds} s`,
    figures: `served ${fmt(result.requests.total / seconds)} req/s p50 ${fmt(result.latency.p50, 1)} ms p99 ${fmt(result.latency.p99, 1)} ms, ${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} timeouts; ${fmt(acknowledged)} creates acknowledged, ${missing} of them not listed`,
    ratio: `served/asked ${fmt(served, 2)}${rate === 600 ? `: ${verdict(met)} (done when all served, p99 <= 100 ms, no error, every create listed)` : ''}`,
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

/** The list's statement and the detail's row and timeline, as the query API runs them for a customer, and nothing else. */
async function minimalServer(pool: Pool): Promise<{ server: Server; url: string }> {
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const answer = url.pathname === '/list' ? listRows(pool, url.searchParams.get('owner')!) : detailRow(pool, url.searchParams.get('id')!, url.searchParams.has('prepared'));
    answer.then(
      (body) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body)),
      () => res.writeHead(500).end(),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

/**
 * The statement the customer list runs for a customer's first page: theirs and their
 * organizations' projects (memberships in the same statement). The page is short of the limit,
 * so the list knows its total without a count.
 */
async function listRows(pool: Pool, owner: string) {
  const page = await pool.query<{ stream_state: string }>(
    `SELECT stream_state FROM project_details
      WHERE NOT deleted AND (owner_id = $1 OR organization_id IN (SELECT organization_id FROM organizations WHERE NOT deleted AND view -> 'members' ? $1))
      ORDER BY customer_rank, customer_date ASC NULLS LAST, customer_updated DESC NULLS LAST, project_id LIMIT 100 OFFSET 0`,
    [owner],
  );
  return { total: page.rows.length, rows: page.rows.map(withStateParsed) };
}

/** The state column is the text of its JSON (decision 0298): parsed here as the query API parses it. */
const withStateParsed = <R extends { stream_state: string }>(row: R) => ({ ...row, stream_state: JSON.parse(row.stream_state) as unknown });

/**
 * The detail's two statements for the project's owner: the row, then its timeline. Sent unnamed,
 * as the issue's yardstick was measured; the shop sends these two as prepared statements
 * (decision 0291), and so does this server when asked `prepared`, for a like-for-like figure.
 */
async function detailRow(pool: Pool, id: string, prepared = false) {
  const row = await pool.query<{ stream_id: string; stream_state: string }>({ ...(prepared ? { name: 'minimal_detail_row' } : {}), text: 'SELECT stream_id, revision, stream_state FROM project_details WHERE project_id = $1', values: [id] });
  const timeline = await pool.query({ ...(prepared ? { name: 'minimal_detail_timeline' } : {}), text: 'SELECT step, label, at, detail FROM project_timeline WHERE stream_id = $1 ORDER BY revision', values: [row.rows[0]!.stream_id] });
  return { row: withStateParsed(row.rows[0]!), timeline: timeline.rows };
}
