import type { Router } from 'express';
import { z } from 'zod';
import { organizationDecider, organizationView, type OrganizationCommand } from '@shop/domain';
import { findCredentialsByEmail, handleCommand } from '@shop/infra';
import { notFound } from '@shop/http-shell';
import { EmailField } from '../accounts/schemas.js';
import { actorOf } from '../actor.js';
import type { RouteDeps } from '../deps.js';
import { defineRoute, type RouteContext } from '../http/route.js';
import { IdParam, RevisionField } from '../projects/project-schemas.js';
import { organizationStream } from '../streams.js';

const Details = {
  name: z.string({ error: 'Please enter a name for the organization.' }).max(200),
  email: z.string().max(200).optional(),
  phone: z.string().max(60).optional(),
  address: z.string().max(1000).optional(),
};
const Params = z.object({ id: IdParam });
const MemberBody = z.object({ email: EmailField, revision: RevisionField });

type Omitted<C> = C extends unknown ? Omit<C, 'at' | 'actor'> : never;

/** POST /api/internal/organizations/, PUT and DELETE .../{id}/, add_member and remove_member. */
export function organizationRoutes(router: Router, deps: RouteDeps): void {
  const run = async (organizationId: string, command: Omitted<OrganizationCommand>, context: RouteContext, expectedRevision?: number) => {
    const actor = actorOf(context.user!);
    const at = deps.clock.now().toISOString();
    const result = await handleCommand(deps, organizationDecider, organizationStream(organizationId), () => ({ ...command, at, actor }) as OrganizationCommand, {
      actor: actor.userId,
      correlationId: context.correlationId,
      expectedRevision,
    });
    const view = organizationView(result.state);
    if (!view) throw notFound('This organization');
    return { ...view, revision: result.revision };
  };
  const memberId = async (email: string) => {
    const credentials = await findCredentialsByEmail(deps.pool, email);
    if (!credentials) throw notFound(`A user with the e-mail ${email}`);
    return credentials.userId;
  };
  const tag = 'internal organizations';

  defineRoute(router, deps.registry, {
    method: 'post', path: '/internal/organizations/', summary: 'Create an organization', tag, access: 'staff', status: 201,
    input: { body: z.object(Details) },
    handle: ({ body }, context) => {
      const organizationId = deps.ids.next();
      return run(organizationId, { type: 'CreateOrganization', organizationId, ...body }, context);
    },
  });
  defineRoute(router, deps.registry, {
    method: 'put', path: '/internal/organizations/:id/', summary: "Change an organization's details", tag, access: 'staff', etag: true,
    input: { params: Params, body: z.object({ ...Details, revision: RevisionField }) },
    handle: ({ params, body: { revision, ...details } }, context) => run(params.id, { type: 'UpdateOrganization', ...details }, context, revision),
  });
  defineRoute(router, deps.registry, {
    method: 'delete', path: '/internal/organizations/:id/', summary: 'Delete an organization (its history is kept)', tag, access: 'staff',
    input: { params: Params, query: z.object({ revision: z.coerce.number().int().min(-1).optional() }) },
    handle: ({ params, query }, context) => run(params.id, { type: 'DeleteOrganization' }, context, query.revision),
  });
  defineRoute(router, deps.registry, {
    method: 'post', path: '/internal/organizations/:id/add_member/', summary: 'Add the user with this e-mail', tag, access: 'staff',
    input: { params: Params, body: MemberBody },
    handle: async ({ params, body }, context) => run(params.id, { type: 'AddMember', userId: await memberId(body.email) }, context, body.revision),
  });
  defineRoute(router, deps.registry, {
    method: 'post', path: '/internal/organizations/:id/remove_member/', summary: 'Remove the user with this e-mail', tag, access: 'staff',
    input: { params: Params, body: MemberBody },
    handle: async ({ params, body }, context) => run(params.id, { type: 'RemoveMember', userId: await memberId(body.email) }, context, body.revision),
  });
}
