import { Router } from 'express';
import { z } from 'zod';
import { type StoredEvent } from '@shop/infra';
import { documentRead, requireUser } from '@shop/http-shell';
import { eventsNaming, findOrganizations, findProjects, findUser } from '@shop/projectors/queries';
import type { QueryDeps } from '../deps.js';
import { readYourWrites } from '../read-your-writes.js';

const ExportFile = z.object({
    exported_at: z.string(),
    profile: z.record(z.string(), z.unknown()).nullable(),
    login: z.object({ email: z.string().nullable(), has_password: z.boolean() }),
    projects: z.array(z.record(z.string(), z.unknown())),
    organizations: z.array(z.record(z.string(), z.unknown())),
    events: z.array(z.record(z.string(), z.unknown())),
  });

/**
 * GET /users/export/ (GDPR art. 15): everything the shop holds about the caller as a JSON file:
 * the profile, the login e-mail, their projects and organizations, and every event that names
 * them, decrypted. Unlike the other reads it includes events: the log is part of what is held, and the
 * read side's `eventsNaming` reads them from the event store (the route never does).
 */
export function exportRoutes(deps: QueryDeps): Router {
  const router = Router();
  documentRead(deps.registry, {
    path: '/users/export/',
    summary: 'Everything held about the current user, as a JSON file to download (Content-Disposition: attachment)',
    tag: 'Users',
    access: 'user',
    response: ExportFile,
  });
  router.get('/users/export/', readYourWrites(deps.pool, ['users', 'projects', 'organizations'], deps.readYourWrites), async (req, res) => {
    const user = requireUser(req);
    const file = await personalDataOf(deps, user.userId);
    res.setHeader('Content-Disposition', `attachment; filename="my-data-${file.exported_at.slice(0, 10)}.json"`);
    res.setHeader('Cache-Control', 'no-store');
    res.json(file);
  });
  return router;
}

export async function personalDataOf(deps: Pick<QueryDeps, 'pool' | 'eventStore' | 'clock'>, userId: string): Promise<z.infer<typeof ExportFile>> {
  const profile = await findUser(deps.pool, userId);
  const login = await deps.pool.query<{ email: string; has_password: boolean }>(
    'SELECT email, password_hash IS NOT NULL AS has_password FROM account_credentials WHERE user_id = $1',
    [userId],
  );
  const projects = await findProjects(deps.pool, { visibleTo: { ownerId: userId, organizationIds: [] }, includeDeleted: true });
  const organizations = (await findOrganizations(deps.pool)).filter((organization) => organization.members.includes(userId));
  return {
    exported_at: deps.clock.now().toISOString(),
    profile: profile ? { ...profile } : null,
    login: { email: login.rows[0]?.email ?? null, has_password: login.rows[0]?.has_password ?? false },
    projects: projects.map((project) => ({ ...project.view })),
    organizations: organizations.map((organization) => ({ ...organization })),
    events: (await eventsNaming(deps.pool, deps.eventStore, userId)).map(exportedEvent),
  };
}

const exportedEvent = (event: StoredEvent) => ({
  id: event.id,
  stream: event.streamId,
  revision: event.revision,
  type: event.type,
  occurred_at: event.metadata.occurredAt,
  data: event.data,
});
