import { Router } from 'express';
import { z } from 'zod';
import { fabricYardage } from '@shop/domain';
import { documentRead, sendWithEntityTag, errorResponse, notFound, parseRequest, requireStaff } from '@shop/http-shell';
import { findActivity, findAuditLog, findOrganization, findUser, findUserByEmail, listProjects, projectAsOf } from '@shop/projectors/queries';
import type { QueryDeps } from '../deps.js';
import { readYourWrites } from '../read-your-writes.js';
import { anyProjectRow } from './access.js';
import { auditLogInWords } from './audit-in-words.js';
import { ProjectListDoc, ProjectListQuery, setListTotal } from './list-query.js';
import { internalProject, projectSummary, shownCostOf } from './project-shapes.js';
import { internalProjectInWords, withCustomer } from './people-shapes.js';
import { peopleInWords } from './people.js';
import { ById } from '../openapi/params.js';
import { AuditLog, CheckedUser, InternalProject, InternalProjectSummary, InternalSummary } from '../openapi/response-schemas.js';

const AuditQuery = ById.extend({
  query: z.object({
    as_of: z
      .string()
      .refine((value) => !Number.isNaN(Date.parse(value)), 'as_of must be an ISO date or date-time.')
      .transform((value) => new Date(value))
      .optional(),
  }),
});
const CheckUserQuery = z.object({ query: z.object({ email: z.string().trim().min(1, 'Please enter an e-mail address.').max(200) }) });

/** Staff reads of projects: list, detail, summary, audit log with time travel, and the user check. */
export function internalProjectRoutes(deps: QueryDeps): Router {
  const router = Router();
  // Users and organizations too: the summary, the audit log and the user check name people and organizations.
  const fresh = readYourWrites(deps.pool, ['projects', 'project_history', 'users', 'organizations'], deps.readYourWrites);

  const tag = 'Internal projects';
  const registry = deps.registry;
  documentRead(registry, {
    path: '/internal/projects/',
    summary: 'Every project, in the internal ordering of SPEC §4',
    tag,
    access: 'staff',
    query: ProjectListDoc,
    response: z.array(InternalProjectSummary),
  });
  router.get('/internal/projects/', fresh, async (req, res) => {
    requireStaff(req);
    const { query } = parseRequest(ProjectListQuery, req);
    const page = await listProjects(deps.pool, { states: query.state, name: query.name, order: 'internal', limit: query.limit, offset: query.offset });
    const person = await peopleInWords(deps.pool, page.views.map((view) => view.user));
    setListTotal(res, page).json(page.views.map((view) => withCustomer(projectSummary(view), person(view.user))));
  });

  documentRead(registry, {
    path: '/internal/projects/:id/',
    summary: 'A project with staff notes, activity log and cost',
    tag,
    access: 'staff',
    params: ById.shape.params,
    response: InternalProject,
  });
  router.get('/internal/projects/:id/', fresh, async (req, res) => {
    requireStaff(req);
    const { params } = parseRequest(ById, req);
    const row = await anyProjectRow(deps.pool, params.id);
    const activity = await findActivity(deps.pool, row.streamId);
    const person = await peopleInWords(deps.pool, [...activity.map((entry) => entry.actor), ...row.view.staff_notes.map((note) => note.author)]);
    const answer = internalProjectInWords(internalProject(row.view, row.revision, activity), person);
    sendWithEntityTag(res, row.revision, answer);
  });

  documentRead(registry, {
    path: '/internal/projects/:id/summary/',
    summary: 'The work-order summary: customer, organization, fabrics with yardage, cost',
    tag,
    access: 'staff',
    params: ById.shape.params,
    response: InternalSummary,
  });
  router.get('/internal/projects/:id/summary/', fresh, async (req, res) => {
    requireStaff(req);
    const { params } = parseRequest(ById, req);
    const { view, revision } = await anyProjectRow(deps.pool, params.id);
    const [customer, organization] = await Promise.all([
      findUser(deps.pool, view.user),
      view.organization_id ? findOrganization(deps.pool, view.organization_id) : null,
    ]);
    res.json({
      id: view.id,
      order_number: view.order_number,
      order_label: view.order_label,
      name: view.name,
      state: view.state,
      production_state: view.production_state,
      readiness: view.readiness,
      due: view.due,
      production_time: view.production_time,
      customer: customer && { user_id: customer.user_id, name: customer.name, email: customer.email, phone: customer.phone },
      organization: organization && { id: organization.id, name: organization.name },
      shipping_notes: view.shipping_notes,
      fabrics: view.fabrics.map((fabric) => ({ ...fabric, yardage: fabricYardage(fabric) })),
      total_quantity: view.total_quantity,
      additional_notes: view.additional_notes,
      cost: shownCostOf(view),
      revision,
    });
  });

  documentRead(registry, {
    path: '/internal/projects/:id/events/',
    summary: 'The audit log: every event, who, when, what changed; with `as_of`, the project as it was then',
    tag,
    access: 'staff',
    params: ById.shape.params,
    query: z.object({ as_of: z.string().optional().describe('An ISO date or date-time.') }),
    response: AuditLog,
  });
  router.get('/internal/projects/:id/events/', fresh, async (req, res) => {
    requireStaff(req);
    const { params, query } = parseRequest(AuditQuery, req);
    const row = await anyProjectRow(deps.pool, params.id);
    // The project's stream from the event store, up to the revision this answer names (decision 0248).
    const log = await auditLogInWords(deps.pool, await findAuditLog(deps.eventStore, row.streamId, row.revision));
    if (!query.as_of) return void res.json({ id: row.view.id, stream_id: row.streamId, revision: row.revision, events: log });
    const past = await projectAsOf(deps.eventStore, row.streamId, query.as_of);
    const person = await peopleInWords(deps.pool, past.view?.staff_notes.map((note) => note.author) ?? []);
    res.json({
      id: row.view.id,
      stream_id: row.streamId,
      as_of: query.as_of.toISOString(),
      revision: past.revision,
      project: past.view && internalProjectInWords(internalProject(past.view, past.revision, []), person),
      events: log.filter((entry) => entry.revision <= past.revision),
    });
  });

  documentRead(registry, {
    path: '/internal/check-user/',
    summary: 'Who has this e-mail address (before a transfer)',
    tag,
    access: 'staff',
    query: CheckUserQuery.shape.query,
    response: CheckedUser,
    responses: { 404: errorResponse('No user has this e-mail address.') },
  });
  router.get('/internal/check-user/', fresh, async (req, res) => {
    requireStaff(req);
    const { query } = parseRequest(CheckUserQuery, req);
    const user = await findUserByEmail(deps.pool, query.email);
    if (!user) throw notFound('A user with this e-mail');
    res.json({ user_id: user.user_id, email: user.email, name: user.name, is_active: user.is_active, is_staff: user.is_staff, is_guest: user.is_guest });
  });
  return router;
}

