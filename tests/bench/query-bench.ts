import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import autocannon from 'autocannon';
import {
  buildProductsResponse,
  customerListOrdering,
  decideProject,
  evolveProject,
  initialProjectState,
  internalListOrdering,
  listSortColumns,
  projectStates,
  projectView,
  type Project,
  type ProjectStreamState,
} from '@shop/domain';
import { createPool, type Pool } from '@shop/infra';
import { countsFromDetailsSql, findProducts } from '@shop/projectors/queries';
import { startRole } from '../support/processes.js';
import { clientAs, customerUser, staffUser } from '../int/queries/support/sessions.js';
import type { BenchContext, Row } from './bench-context.js';
import { fmt, percentile, runLoad } from './measure.js';

const CUSTOMER = 'bench-customer';

/** A project's folded state made by the domain, then varied per row (id, owner, state, dates). */
function templateProject(): Project {
  const actor = { userId: CUSTOMER, isStaff: false };
  const at = '2026-05-01T10:00:00.000Z';
  const events = decideProject({ type: 'CreateProject', projectId: 'template', orderNumber: 1001, ownerId: CUSTOMER, draft: { name: 'Bench', fabrics: [] }, at, actor }, initialProjectState());
  const state = events.reduce(evolveProject, initialProjectState());
  if (state.status !== 'existing') throw new Error('the template project was not created');
  return state.project;
}

/** 100k rows of the projects read model, written straight in: a read benchmark's set-up. */
async function loadProjects(pool: Pool, count: number): Promise<void> {
  const base = templateProject();
  const rows: unknown[][] = Array.from({ length: 14 }, () => []);
  const flush = async () => {
    await pool.query(
      `INSERT INTO project_details (stream_id, project_id, revision, owner_id, name, state, production_state, deleted, paid_amount, stream_state,
         internal_rank, internal_date, internal_updated, customer_rank, customer_date, customer_updated)
       SELECT s, p, 0, o, n, st, 'N', false, 0, ss, ir, idt, iu, cr, cd, cu
         FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::int[], $8::text[], $9::text[], $10::int[], $11::text[], $12::text[])
           AS t(s, p, o, n, st, ss, ir, idt, iu, cr, cd, cu)`,
      rows.slice(0, 12),
    );
    for (const column of rows) column.length = 0;
  };
  for (let i = 0; i < count; i++) {
    const day = `2026-0${1 + (i % 9)}-${String(1 + (i % 28)).padStart(2, '0')}T10:00:00.000Z`;
    const project: Project = { ...base, id: randomUUID(), name: `Project ${i}`, user: i % 5000 === 0 ? CUSTOMER : `owner-${i % 5000}`, state: projectStates[i % projectStates.length]!, updated: day, submitted: day, approved: day, paid: day, due: day.slice(0, 10) };
    const state: ProjectStreamState = { status: 'existing', project };
    const view = projectView(state)!;
    const internal = listSortColumns(internalListOrdering, view);
    const customer = listSortColumns(customerListOrdering, view);
    for (const [k, value] of [`project-${view.id}`, view.id, view.user, view.name, view.state, JSON.stringify(state), internal.rank, internal.date, internal.updated, customer.rank, customer.date, customer.updated].entries()) rows[k]!.push(value);
    if (rows[0]!.length >= 5000) await flush();
  }
  if (rows[0]!.length > 0) await flush();
  // The rows went in around the projection, so its counts are made as a rebuild makes them (decision 0240).
  await pool.query('DELETE FROM project_counts');
  await pool.query(countsFromDetailsSql('public'));
  await pool.query('ANALYZE project_details');
}

/** p50/p99 and requests/s of the two lists over HTTP (autocannon), vs the raw SQL of the same read. */
export async function queryBench(context: BenchContext): Promise<Row[]> {
  const count = context.quick ? 20_000 : 100_000;
  const seconds = context.quick ? 5 : 15;
  const url = await context.freshDatabase();
  // The query API in its own process, so the load generator does not share its event loop.
  const shop = await startRole('query', { DATABASE_URL: url });
  const pool = createPool(url, 12);
  try {
    await loadProjects(pool, count);
    const customer = await clientAs(pool, shop.url!, customerUser(CUSTOMER));
    const staff = await clientAs(pool, shop.url!, staffUser('bench-staff'));
    const cases = [
      { name: 'customer list', path: '/api/projects/', client: customer, sql: customerSql, countSql: customerCountSql, params: [CUSTOMER] as unknown[], countParams: [CUSTOMER] as unknown[] },
      { name: 'internal list (first page of 100)', path: '/api/internal/projects/', client: staff, sql: internalSql, countSql: internalCountSql, params: [] as unknown[], countParams: [[]] as unknown[] },
    ];
    const rows: Row[] = [];
    for (const item of cases) {
      const http = await autocannon({ url: `${shop.url}${item.path}`, connections: 10, duration: seconds, headers: { cookie: item.client.cookieHeader() } });
      if (http.non2xx > 0) throw new Error(`${item.path} answered ${http.non2xx} non-2xx responses`);
      const raw = await runLoad(10, seconds, async () => {
        await readStates(pool, item.sql, item.params);
        await pool.query(item.countSql, item.countParams);
      });
      const rawRate = raw.operations / raw.seconds;
      rows.push({
        section: 'query',
        case: `${item.name}, ${fmt(count)} projects, 10 connections`,
        figures: `HTTP p50 ${fmt(http.latency.p50, 1)} ms p99 ${fmt(http.latency.p99, 1)} ms ${fmt(http.requests.average)} req/s · raw SQL p50 ${fmt(percentile(raw.latenciesMs, 50), 1)} ms p99 ${fmt(percentile(raw.latenciesMs, 99), 1)} ms ${fmt(rawRate)} q/s`,
        ratio: `HTTP/raw ${fmt(http.requests.average / rawRate, 2)}`,
      });
    }
    rows.push(await oneStaffMemberRow(shop.url!, pool, staff.cookieHeader(), count, seconds));
    rows.push(await catalogueRow(shop.url!, pool, seconds));
    return rows;
  } finally {
    await pool.end();
    await shop.stop();
  }
}

/**
 * The staff list's first page as one staff member feels it: one request at a time (issue 34's
 * p50 <= 10 ms), beside the same SQL one query at a time.
 */
async function oneStaffMemberRow(shopUrl: string, pool: Pool, cookie: string, count: number, seconds: number): Promise<Row> {
  const http = await autocannon({ url: `${shopUrl}/api/internal/projects/`, connections: 1, duration: seconds, headers: { cookie } });
  if (http.non2xx > 0) throw new Error(`the internal list answered ${http.non2xx} non-2xx responses`);
  const raw = await runLoad(1, seconds, async () => {
    await readStates(pool, internalSql, []);
    await pool.query(internalCountSql, [[]]);
  });
  return {
    section: 'query',
    case: `internal list (first page of 100), ${fmt(count)} projects, 1 connection`,
    figures: `HTTP p50 ${fmt(http.latency.p50, 1)} ms p99 ${fmt(http.latency.p99, 1)} ms · raw SQL p50 ${fmt(percentile(raw.latenciesMs, 50), 1)} ms p99 ${fmt(percentile(raw.latenciesMs, 99), 1)} ms`,
    ratio: `HTTP p50 ${fmt(http.latency.p50, 1)} ms (target <= 10 ms)`,
  };
}

/**
 * GET /api/products/ (88 KB, asked with gzip as browsers do) against a minimal node:http server
 * that reads the same rows and builds the same answer per request, as the route did before it
 * was prepared once (http-shell/src/precomputed-json.ts).
 */
async function catalogueRow(shopUrl: string, pool: Pool, seconds: number): Promise<Row> {
  const minimal = createServer((_req, res) => {
    findProducts(pool).then(
      (products) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(buildProductsResponse(products))),
      () => res.writeHead(500).end(),
    );
  });
  await new Promise<void>((resolve) => minimal.listen(0, '127.0.0.1', resolve));
  try {
    const minimalUrl = `http://127.0.0.1:${(minimal.address() as AddressInfo).port}/`;
    const headers = { 'accept-encoding': 'gzip' };
    const http = await autocannon({ url: `${shopUrl}/api/products/`, connections: 10, duration: seconds, headers });
    const raw = await autocannon({ url: minimalUrl, connections: 10, duration: seconds, headers });
    if (http.non2xx > 0 || raw.non2xx > 0) throw new Error('the catalogue answered non-2xx responses');
    return {
      section: 'query',
      case: 'GET /api/products/ (gzip accepted), 10 connections',
      figures: `HTTP p50 ${fmt(http.latency.p50, 1)} ms p99 ${fmt(http.latency.p99, 1)} ms ${fmt(http.requests.average)} req/s, ${fmt(http.throughput.average / 1024)} KB/s · minimal node:http building it per request ${fmt(raw.requests.average)} req/s`,
      ratio: `HTTP/minimal ${fmt(http.requests.average / raw.requests.average, 2)} (target >= 2,000 req/s)`,
    };
  } finally {
    minimal.close();
  }
}

/** A list's states as the query API has them: the column is the text of their JSON (decision 0298), parsed as node-postgres parsed the json column before. */
async function readStates(pool: Pool, sql: string, params: unknown[]): Promise<unknown[]> {
  const { rows } = await pool.query<{ stream_state: string }>(sql, params);
  return rows.map((row) => JSON.parse(row.stream_state) as unknown);
}

// The SQL listProjects runs for each list (projectors/src/read-models/projects/queries.ts).
const customerWhere = `NOT deleted AND (owner_id = $1 OR organization_id = ANY('{}'::text[]))`;
const customerSql = `SELECT stream_state FROM project_details WHERE ${customerWhere}
  ORDER BY customer_rank, customer_date ASC NULLS LAST, customer_updated DESC NULLS LAST, project_id LIMIT 100 OFFSET 0`;
const customerCountSql = `SELECT count(*) FROM project_details WHERE ${customerWhere}`;
const internalSql = `SELECT stream_state FROM project_details WHERE NOT deleted
  ORDER BY internal_rank, internal_date ASC NULLS LAST, internal_updated DESC NULLS LAST, project_id LIMIT 100 OFFSET 0`;
// The staff list's count is the projection's kept counts (projectors/src/read-models/projects/counts.ts).
const internalCountSql = "SELECT sum(projects) AS total FROM project_counts WHERE NOT deleted AND (cardinality($1::text[]) = 0 OR state = ANY($1))";
