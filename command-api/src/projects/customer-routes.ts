import type { Router } from 'express';
import { projectDecider, projectView, type ProjectCommand, type ProjectDraft } from '@shop/domain';
import { handleCommand, nextOrderNumber } from '@shop/infra';
import { type SessionUser } from '@shop/http-shell';
import { actorOf, membershipsFor } from '../actor.js';
import type { RouteDeps } from '../deps.js';
import { defineRoute } from '../http/route.js';
import { projectStream } from '../streams.js';
import { customerStateMove, mergedDraft, saveDraftIfChanged, withStaffOnlyFieldsKept } from './draft-changes.js';
import { customerProject } from './project-answers.js';
import { catalogueAvailability, loadCopySource } from './project-copy.js';
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
      const { organization_id: organizationId, copy_from: copyFrom, ...draftFields } = body;
      const projectId = deps.ids.next();
      const at = deps.clock.now().toISOString();
      let command: ProjectCommand;
      if (copyFrom !== undefined) {
        command = await copyCommand(deps, me, copyFrom, organizationId, { projectId, at });
      } else {
        const draft = withStaffOnlyFieldsKept(draftFields as ProjectDraft, null, me.isStaff);
        const actor = actorOf(me, await membershipsFor(deps.eventStore, me, organizationId));
        command = { type: 'CreateProject', projectId, orderNumber: await nextOrderNumber(deps.pool), organizationId: organizationId ?? null, draft, at, actor };
      }
      const result = await handleCommand(deps, projectDecider, projectStream(projectId), () => command, { actor: me.userId, correlationId, newStream: true });
      return customerProject(projectView(result.state)!, result.revision);
    },
  });

  defineRoute(router, deps.registry, {
    method: 'put',
    path: '/projects/:id/',
    summary: 'Save the project (fields given replace the current ones); state R submits a draft for review, D withdraws it',
    tag: 'projects',
    access: 'user',
    etag: true,
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

/**
 * `CopyProject` for POST /api/projects/ with `copy_from` (SPEC §5, docs/decisions/0010): the source is
 * read from its stream and must be readable by the caller. The copy belongs to the caller, in the
 * organization the body names, or else in the source's organization when the caller is a member of it.
 */
async function copyCommand(
  deps: RouteDeps,
  me: SessionUser,
  sourceId: string,
  organizationId: string | null | undefined,
  ids: { projectId: string; at: string },
): Promise<ProjectCommand> {
  const { source, actor: sourceActor } = await loadCopySource(deps, me, sourceId);
  const memberOfSource = source.organizationId !== null && (sourceActor.organizationIds ?? []).includes(source.organizationId);
  const targetOrganization = organizationId !== undefined ? organizationId : memberOfSource ? source.organizationId : null;
  const targetMemberships = await membershipsFor(deps.eventStore, me, targetOrganization);
  const actor = actorOf(me, [...new Set([...(sourceActor.organizationIds ?? []), ...targetMemberships])]);
  return { type: 'CopyProject', ...ids, orderNumber: await nextOrderNumber(deps.pool), organizationId: targetOrganization, source, availability: catalogueAvailability(), actor };
}
