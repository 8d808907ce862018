import { Router, type RequestHandler } from 'express';
import { z } from 'zod';
import { progressSteps } from '@shop/domain';
import { documentRead, parseRequest, requireSignedIn, sendWithEntityTag } from '@shop/http-shell';
import { findTimeline, listProjects } from '@shop/projectors/queries';
import type { QueryDeps } from '../deps.js';
import { readYourWrites } from '../read-your-writes.js';
import { customerProjectRow } from './access.js';
import { listTotalHeaders, ProjectListDoc, ProjectListQuery } from './list-query.js';
import { customerProject, projectSummary } from './project-shapes.js';
import { ById } from '../openapi/params.js';
import { CustomerProject, ProjectSummary, ProjectTimeline } from '../openapi/response-schemas.js';

/** The customer's project reads: list, detail, checkout and timeline. */
export function customerProjectRoutes(deps: QueryDeps): Router {
  const router = Router();
  const tag = 'Projects';
  documentRead(deps.registry, {
    path: '/projects/',
    summary: "The caller's projects (and their organizations'), in the customer ordering of SPEC §4",
    tag,
    access: 'user',
    query: ProjectListDoc,
    response: z.array(ProjectSummary),
  });
  for (const [path, summary] of [
    ['/projects/:id/', 'One of the caller\'s projects, with its timeline as `events`, cost and progress'],
    ['/checkout/:id/', 'The project for the checkout screen (same answer as the project detail)'],
  ] as const) {
    documentRead(deps.registry, { path, summary, tag, access: 'user', params: ById.shape.params, response: CustomerProject });
  }
  documentRead(deps.registry, {
    path: '/projects/:id/timeline/',
    summary: "The customer's timeline of a project: progress steps, shipment and dated steps",
    tag,
    access: 'user',
    params: ById.shape.params,
    response: ProjectTimeline,
  });
  // Organizations too: they decide which projects a customer sees.
  const fresh = readYourWrites(deps.pool, ['projects', 'project_history', 'organizations'], deps.readYourWrites);

  router.get('/projects/', fresh, async (req, res) => {
    const user = requireSignedIn(req.session.user);
    const { query } = parseRequest(ProjectListQuery, req);
    const page = await listProjects(deps.pool, {
      states: query.state,
      name: query.name,
      // Theirs and their organizations' (decision 0014), the memberships read in the same statement.
      visibleToMember: user.userId,
      order: 'customer',
      limit: query.limit,
      offset: query.offset,
    });
    res.set(listTotalHeaders(page)).json(page.views.map(projectSummary));
  });

  const detail: RequestHandler = async (req, res) => {
    const user = requireSignedIn(req.session.user);
    const { params } = parseRequest(ById, req);
    const row = await customerProjectRow(deps.pool, user, params.id);
    // The tag a write sends back as If-Match (docs/decisions/0175); a matching If-None-Match is answered 304.
    sendWithEntityTag(res, row.revision, customerProject(row.view, row.revision, await findTimeline(deps.pool, row.streamId)));
  };
  router.get('/projects/:id/', fresh, detail);
  // SPEC §7: the checkout screen reads the same project; a failure answers the error body.
  router.get('/checkout/:id/', fresh, detail);

  router.get('/projects/:id/timeline/', fresh, async (req, res) => {
    const user = requireSignedIn(req.session.user);
    const { params } = parseRequest(ById, req);
    const row = await customerProjectRow(deps.pool, user, params.id);
    const { view } = row;
    res.json({
      id: view.id,
      state: view.state,
      progress: progressSteps(view),
      shipment: view.shipment,
      steps: await findTimeline(deps.pool, row.streamId),
      revision: row.revision,
    });
  });
  return router;
}
