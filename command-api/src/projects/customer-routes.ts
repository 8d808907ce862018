import type { Router } from 'express';
import { projectDecider, projectView, type ProjectDraft } from '@shop/domain';
import { actorOf, membershipsFor } from '../actor.js';
import { handleCommand } from '../command-handler.js';
import type { RouteDeps } from '../deps.js';
import { defineRoute } from '../http/route.js';
import { projectStream } from '../streams.js';
import { customerStateMove, mergedDraft, saveDraftIfChanged, withStaffOnlyFieldsKept } from './draft-changes.js';
import { customerProject } from './project-answers.js';
import { runProjectCommands } from './project-commands.js';
import { ProjectCreateBody, ProjectParams, ProjectUpdateBody } from './project-schemas.js';
import { z } from 'zod';

/** POST /api/projects/, PUT and DELETE /api/projects/{id}/. */
export function customerProjectRoutes(router: Router, deps: RouteDeps): void {
  defineRoute(router, deps.registry, {
    method: 'post',
    path: '/projects/',
    summary: 'Create a project (for the caller, or for one of their organizations)',
    tag: 'projects',
    access: 'customer',
    status: 201,
    input: { body: ProjectCreateBody },
    handle: async ({ body }, { user, correlationId }) => {
      const me = user!;
      const { organization_id: organizationId, ...draftFields } = body;
      const draft = withStaffOnlyFieldsKept(draftFields as ProjectDraft, null, me.isStaff);
      const actor = actorOf(me, await membershipsFor(deps.eventStore, me, organizationId));
      const projectId = deps.ids.next();
      const at = deps.clock.now().toISOString();
      const command = { type: 'CreateProject' as const, projectId, organizationId: organizationId ?? null, draft, at, actor };
      const result = await handleCommand(deps, projectDecider, projectStream(projectId), () => command, { actor: me.userId, correlationId });
      return customerProject(projectView(result.state)!, result.revision);
    },
  });

  defineRoute(router, deps.registry, {
    method: 'put',
    path: '/projects/:id/',
    summary: 'Save the project (fields given replace the current ones); state R submits a draft for review, D withdraws it',
    tag: 'projects',
    access: 'user',
    input: { params: ProjectParams, body: ProjectUpdateBody },
    handle: async ({ params, body }, { user, correlationId }) => {
      const run = { user: user!, correlationId, expectedRevision: body.revision };
      const result = await runProjectCommands(deps, params.id, run, (project, actor) => {
        const draft = mergedDraft(project, body, actor.isStaff);
        return [...saveDraftIfChanged(project, draft), ...customerStateMove(project.state, body.state, draft)];
      });
      return customerProject(result.view, result.revision);
    },
  });

  defineRoute(router, deps.registry, {
    method: 'delete',
    path: '/projects/:id/',
    summary: 'Delete a draft (it reads as an empty draft from then on)',
    tag: 'projects',
    access: 'user',
    input: { params: ProjectParams, query: z.object({ revision: z.coerce.number().int().min(-1).optional() }) },
    handle: async ({ params, query }, { user, correlationId }) => {
      const run = { user: user!, correlationId, expectedRevision: query.revision };
      const result = await runProjectCommands(deps, params.id, run, () => [{ type: 'Delete' }]);
      return customerProject(result.view, result.revision);
    },
  });
}
