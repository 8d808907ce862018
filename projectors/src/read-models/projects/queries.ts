import { orderNumberInSearch, projectView, type ProjectState, type ProjectStreamState, type ProjectView } from '@shop/domain';
import { preparedQuery, preparedStatement, type Pool, type PoolClient } from '@shop/infra';
import { countLiveProjects } from './counts.js';
import { storedState } from './stored-state.js';

type Db = Pool | PoolClient;

export interface ProjectRow {
  streamId: string;
  revision: number;
  view: ProjectView;
  state: ProjectStreamState;
}

export interface ProjectListFilter {
  /** Only these states; empty or absent means all. */
  states?: readonly ProjectState[];
  /** Case-insensitive substring of the name, or an order number ("#1042"). */
  name?: string;
  /** Restrict to projects these users own or that belong to these organizations. */
  visibleTo?: { ownerId: string; organizationIds: readonly string[] };
  includeDeleted?: boolean;
}

export interface ProjectListPageFilter extends ProjectListFilter {
  /**
   * Restrict to projects this user owns or that belong to a live organization they are a member
   * of, the memberships read from the organizations read model in the same statement.
   */
  visibleToMember?: string;
}

interface Row {
  stream_id: string;
  revision: number;
  stream_state: string;
}

/**
 * The view is the domain's projectView of the stored state, worked out here rather than stored
 * (a row holds a project, so its state is never empty).
 */
const viewOf = (state: ProjectStreamState): ProjectView => projectView(state)!;

const toProjectRow = (row: Row): ProjectRow => {
  const state = storedState(row.stream_state);
  return { streamId: row.stream_id, revision: row.revision, view: viewOf(state), state };
};

/**
 * A name search: a case-insensitive substring of the name, or, when the term reads as an order
 * number ("#1042", "1042"), that project too (decision 0315).
 */
function addNameSearch(values: unknown[], where: string[], term: string): void {
  values.push(term);
  const byName = `strpos(lower(name), lower($${values.length})) > 0`;
  const orderNumber = orderNumberInSearch(term);
  if (orderNumber === null) return void where.push(byName);
  values.push(orderNumber);
  where.push(`(${byName} OR order_number = $${values.length})`);
}

/** Unordered: callers sort with the domain's list comparators (SPEC §4 orderings). */
export async function findProjects(db: Db, filter: ProjectListFilter): Promise<ProjectRow[]> {
  const where: string[] = [];
  const values: unknown[] = [];
  const add = (sql: (n: number) => string, value: unknown) => {
    values.push(value);
    where.push(sql(values.length));
  };
  if (!filter.includeDeleted) where.push('NOT deleted');
  if (filter.states && filter.states.length > 0) add((n) => `state = ANY($${n})`, filter.states);
  if (filter.name) addNameSearch(values, where, filter.name);
  if (filter.visibleTo) {
    values.push(filter.visibleTo.ownerId, filter.visibleTo.organizationIds);
    where.push(`(owner_id = $${values.length - 1} OR organization_id = ANY($${values.length}))`);
  }
  const sql = `SELECT stream_id, revision, stream_state FROM project_details ${where.length ? `WHERE ${where.join(' AND ')}` : ''}`;
  const result = await db.query<Row>(sql, values);
  return result.rows.map(toProjectRow);
}

const PROJECT = preparedStatement('project_details_of_project', 'SELECT stream_id, revision, stream_state FROM project_details WHERE project_id = $1');

/** Every read of one project asks for it: a prepared statement (prepared-query.ts). */
export async function findProject(db: Db, projectId: string): Promise<ProjectRow | null> {
  const result = await preparedQuery<Row>(db, PROJECT, [projectId]);
  const row = result.rows[0];
  return row ? toProjectRow(row) : null;
}

/** Projects of one organization in the given states (shipped projects of an organization). */
export async function findOrganizationProjects(db: Db, organizationId: string, states: readonly ProjectState[]): Promise<ProjectRow[]> {
  const result = await db.query<Row>(
    'SELECT stream_id, revision, stream_state FROM project_details WHERE organization_id = $1 AND state = ANY($2) AND NOT deleted',
    [organizationId, states],
  );
  return result.rows.map(toProjectRow);
}

export interface ProjectPage {
  views: ProjectView[];
  /**
   * Rows matching the filter, for paging (X-Total-Count): exact, or, for a name search matching
   * more than NAME_SEARCH_COUNT_LIMIT projects, that limit with `exact` false (decision 0240).
   */
  total: number;
  exact: boolean;
}

/** A name search counts its matches up to here; past it the count would cost a scan of every row. */
export const NAME_SEARCH_COUNT_LIMIT = 1000;

/**
 * One page of a list in its SPEC §4 order, sorted and paged by the database on the columns
 * the projection stores from the domain's `listSortColumns`.
 */
export async function listProjects(
  db: Db,
  filter: ProjectListPageFilter & { order: 'internal' | 'customer'; limit: number; offset: number },
): Promise<ProjectPage> {
  const where: string[] = ['NOT deleted'];
  const values: unknown[] = [];
  const add = (sql: (n: number) => string, value: unknown) => {
    values.push(value);
    where.push(sql(values.length));
  };
  if (filter.states && filter.states.length > 0) add((n) => `state = ANY($${n})`, filter.states);
  if (filter.name) addNameSearch(values, where, filter.name);
  if (filter.visibleTo) {
    values.push(filter.visibleTo.ownerId, filter.visibleTo.organizationIds);
    where.push(`(owner_id = $${values.length - 1} OR organization_id = ANY($${values.length}))`);
  }
  // ARRAY(...) is computed once before the scan, so the planner can OR the owner and organization
  // indexes; \`IN (subquery)\` under an OR became a filter on every row of the ordering index, a
  // scan of every project for each customer's list.
  if (filter.visibleToMember) add((n) => `(owner_id = $${n} OR organization_id = ANY(ARRAY(${MEMBERSHIPS(n)})))`, filter.visibleToMember);
  const o = filter.order;
  const whereSql = where.join(' AND ');
  // Two statements: the page walks the ordering index and stops after `limit` rows, which a
  // window count over the same query would prevent (it must see every row first).
  const page = await db.query<{ stream_state: string }>(
    `SELECT stream_state FROM project_details WHERE ${whereSql}
      ORDER BY ${o}_rank, ${o}_date ASC NULLS LAST, ${o}_updated DESC NULLS LAST, project_id
      LIMIT $${values.length + 1} OFFSET $${values.length + 2}`,
    [...values, filter.limit, filter.offset],
  );
  const views = page.rows.map((row) => viewOf(storedState(row.stream_state)));
  // A page short of the limit shows the end of the list: its total is known without counting.
  if (views.length < filter.limit && (views.length > 0 || filter.offset === 0)) return { views, total: filter.offset + views.length, exact: true };
  return { views, ...(await countMatches(db, filter, whereSql, values)) };
}

/**
 * The staff list unfiltered or by state: the sum of the projection's counts. A customer's list:
 * an exact count over its owner index. A name search: exact up to NAME_SEARCH_COUNT_LIMIT.
 */
async function countMatches(db: Db, filter: ProjectListPageFilter, whereSql: string, values: unknown[]): Promise<{ total: number; exact: boolean }> {
  if (!filter.name && !filter.visibleTo && !filter.visibleToMember) return { total: await countLiveProjects(db, filter.states ?? []), exact: true };
  const limit = filter.name ? `LIMIT ${NAME_SEARCH_COUNT_LIMIT + 1}` : '';
  const count = await db.query<{ total: string }>(`SELECT count(*) AS total FROM (SELECT 1 FROM project_details WHERE ${whereSql} ${limit}) AS matches`, values);
  const total = Number(count.rows[0]?.total ?? 0);
  return total > NAME_SEARCH_COUNT_LIMIT && filter.name ? { total: NAME_SEARCH_COUNT_LIMIT, exact: false } : { total, exact: true };
}

/** The live organizations user `$n` is a member of (as organizationIdsOf reads them). */
const MEMBERSHIPS = (n: number) => `SELECT organization_id FROM organizations WHERE NOT deleted AND view -> 'members' ? $${n}`;

/** Who may read a project: its owner and its organization's members (staff read all). */
export interface ProjectAudience {
  projectId: string;
  ownerId: string;
  organizationId: string | null;
}

/** The audiences of the given project streams, by stream id (the live push's authorization). */
export async function projectAudiences(db: Db, streamIds: readonly string[]): Promise<Map<string, ProjectAudience>> {
  if (streamIds.length === 0) return new Map();
  const result = await db.query<{ stream_id: string; project_id: string; owner_id: string; organization_id: string | null }>(
    'SELECT stream_id, project_id, owner_id, organization_id FROM project_details WHERE stream_id = ANY($1)',
    [streamIds],
  );
  return new Map(result.rows.map((row) => [row.stream_id, { projectId: row.project_id, ownerId: row.owner_id, organizationId: row.organization_id }]));
}
