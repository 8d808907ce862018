import { Router } from 'express';
import { z } from 'zod';
import type { OrganizationView } from '@shop/domain';
import { type Pool } from '@shop/infra';
import { documentRead, sendWithEntityTag, notFound, parseRequest, requireStaff } from '@shop/http-shell';
import { findOrganization, findOrganizationProjects, findOrganizations, findOrganizationWithRevision, findUsers } from '@shop/projectors/queries';
import type { QueryDeps } from '../deps.js';
import { projectSummary } from '../projects/project-shapes.js';
import { readYourWrites } from '../read-your-writes.js';
import { ById } from '../openapi/params.js';
import { Organization, OrganizationDetail, ShippedProject } from '../openapi/response-schemas.js';

/** Staff reads of organizations: list, detail with member profiles, shipped projects. */
export function organizationRoutes(deps: QueryDeps): Router {
  const router = Router();
  const fresh = readYourWrites(deps.pool, ['organizations', 'users'], deps.readYourWrites);

  const tag = 'Organizations';
  const params = ById.shape.params;
  documentRead(deps.registry, { path: '/internal/organizations/', summary: 'Every organization', tag, access: 'staff', response: z.array(Organization) });
  documentRead(deps.registry, { path: '/internal/organizations/:id/', summary: 'An organization with its member profiles', tag, access: 'staff', params, response: OrganizationDetail });
  documentRead(deps.registry, {
    path: '/internal/organizations/:id/shipped_projects/',
    summary: "The organization's shipped projects, most recent first",
    tag,
    access: 'staff',
    params,
    response: z.array(ShippedProject),
  });
  router.get('/internal/organizations/', fresh, async (req, res) => {
    requireStaff(req);
    res.json(await findOrganizations(deps.pool));
  });

  router.get('/internal/organizations/:id/', fresh, async (req, res) => {
    requireStaff(req);
    const { params } = parseRequest(ById, req);
    const found = await findOrganizationWithRevision(deps.pool, params.id);
    if (!found) throw notFound('This organization');
    const answer = { ...(await withMembers(deps.pool, found.view)), revision: found.revision };
    sendWithEntityTag(res, found.revision, answer);
  });

  router.get('/internal/organizations/:id/shipped_projects/', readYourWrites(deps.pool, ['organizations', 'projects'], deps.readYourWrites), async (req, res) => {
    requireStaff(req);
    const { params } = parseRequest(ById, req);
    await organizationOr404(deps.pool, params.id);
    const rows = await findOrganizationProjects(deps.pool, params.id, ['S']);
    // Most recently shipped first: the question asked of this list is "what went out lately".
    const views = rows.map((row) => row.view).sort((a, b) => (b.shipped ?? '').localeCompare(a.shipped ?? '') || a.id.localeCompare(b.id));
    res.json(views.map((view) => ({ ...projectSummary(view), shipped: view.shipped, shipment: view.shipment })));
  });
  return router;
}

async function organizationOr404(pool: Pool, id: string): Promise<OrganizationView> {
  const organization = await findOrganization(pool, id);
  if (!organization) throw notFound('This organization');
  return organization;
}

/** `members` stays the list of user ids; `member_details` adds who they are. */
async function withMembers(pool: Pool, organization: OrganizationView) {
  const profiles = await findUsers(pool, organization.members);
  const byId = new Map(profiles.map((profile) => [profile.user_id, profile]));
  const member_details = organization.members.map((userId) => {
    const profile = byId.get(userId);
    return { user_id: userId, email: profile?.email ?? '', name: profile?.name ?? '', phone: profile?.phone ?? '' };
  });
  return { ...organization, member_details };
}
