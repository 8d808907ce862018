import { Router } from 'express';
import { z } from 'zod';
import { progressSteps } from '@shop/domain';
import { documentRead, expressHandlerOf, jsonAnswer, parseInput, requireSignedIn, taggedAnswer, type HotRequest, type HotRoute, type JsonAnswer } from '@shop/infra';
import { findTimeline, listProjects } from '@shop/projectors/queries';
import type { QueryApiDeps, QueryDeps } from '../deps.js';
import { MIN_REVISION_HEADER, MIN_REVISION_STATUS_HEADER, readYourWritesWait } from '../read-your-writes.js';
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
  for (const read of customerProjectReads(deps)) router.get(read.path, expressHandlerOf(read));
  return router;
}

/**
 * The same four reads as handlers of their own, which the Express routes above and the hot reads
 * served in front of Express (server/src/shop.ts, docs/decisions/0253) both call: one SQL, one
 * access check, one answer.
 */
export function customerProjectReads(deps: QueryApiDeps): HotRoute[] {
  // Organizations too: they decide which projects a customer sees.
  const wait = readYourWritesWait(deps.pool, ['projects', 'project_history', 'organizations'], deps.readYourWrites);
  const fresh =
    (read: (request: HotRequest) => Promise<JsonAnswer>): HotRoute['serve'] =>
    async (request, headers) => {
      const status = await wait(request.header(MIN_REVISION_HEADER), request.caller.session);
      if (status) headers[MIN_REVISION_STATUS_HEADER] = status;
      return read(request);
    };

  const list = async ({ caller, query: asked }: HotRequest) => {
    const user = requireSignedIn(caller.user);
    const { query } = parseInput(ProjectListQuery, { body: {}, params: {}, query: asked });
    const page = await listProjects(deps.pool, {
      states: query.state,
      name: query.name,
      // Theirs and their organizations' (decision 0014), the memberships read in the same statement.
      visibleToMember: user.userId,
      order: 'customer',
      limit: query.limit,
      offset: query.offset,
    });
    return jsonAnswer(page.views.map(projectSummary), listTotalHeaders(page));
  };

  const detail = async ({ caller, params: asked, query }: HotRequest) => {
    const user = requireSignedIn(caller.user);
    const { params } = parseInput(ById, { body: {}, params: asked, query });
    const row = await customerProjectRow(deps.pool, user, params.id);
    // The tag a write sends back as If-Match (docs/decisions/0175); a matching If-None-Match is answered 304.
    return taggedAnswer(row.revision, customerProject(row.view, row.revision, await findTimeline(deps.pool, row.streamId)));
  };

  const timeline = async ({ caller, params: asked, query }: HotRequest) => {
    const user = requireSignedIn(caller.user);
    const { params } = parseInput(ById, { body: {}, params: asked, query });
    const row = await customerProjectRow(deps.pool, user, params.id);
    const { view } = row;
    return jsonAnswer({
      id: view.id,
      state: view.state,
      progress: progressSteps(view),
      shipment: view.shipment,
      steps: await findTimeline(deps.pool, row.streamId),
      revision: row.revision,
    });
  };

  return [
    { path: '/projects/', serve: fresh(list) },
    { path: '/projects/:id/', serve: fresh(detail) },
    // SPEC §7: the checkout screen reads the same project; a failure answers the error body.
    { path: '/checkout/:id/', serve: fresh(detail) },
    { path: '/projects/:id/timeline/', serve: fresh(timeline) },
  ];
}
