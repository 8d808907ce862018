import type { Router } from 'express';
import { z } from 'zod';
import { actorOf } from '../actor.js';
import type { RouteDeps } from '../deps.js';
import { defineRoute } from '../http/route.js';
import { erasePerson, erasuresAwaitingPurge } from './erase-person.js';

const PENDING = 'The erasure is pending physical purge: it is removed from the database files at the next purge.';

const Params = z.object({ id: z.string().min(1).max(100) });

/** Erasure of a person's personal data (GDPR art. 17), by staff or by the person (docs/decisions/0161). */
export function privacyRoutes(router: Router, deps: RouteDeps): void {
  defineRoute(router, deps.registry, {
    method: 'post',
    path: '/internal/users/:id/erase/',
    summary: "Erase a user's personal data: their key is destroyed; money, dates, states and the audit trail stay",
    tag: 'privacy',
    access: 'staff',
    input: { params: Params },
    handle: async ({ params }, { user, correlationId }) => {
      const { projects } = await erasePerson(deps, params.id, actorOf(user!), correlationId);
      return { user_id: params.id, erased: true, projects, purge_pending: true, message: `The personal data of this user is erased. ${PENDING}` };
    },
  });

  defineRoute(router, deps.registry, {
    method: 'get',
    path: '/internal/privacy/purge/',
    summary: 'How many erasures still wait for the purge that removes them from the database files (docs/decisions/0162)',
    tag: 'privacy',
    access: 'staff',
    handle: async () => {
      const pending = await erasuresAwaitingPurge(deps);
      return {
        erasures_pending_purge: pending,
        message: pending === 0 ? 'Every erasure has been purged from disk.' : `${pending} erasure${pending === 1 ? '' : 's'} pending physical purge.`,
      };
    },
  });

  defineRoute(router, deps.registry, {
    method: 'post',
    path: '/users/erase/',
    summary: 'Erase my own personal data at once and end my session (refused while an order is being made)',
    tag: 'privacy',
    access: 'user',
    input: {
      body: z.object({ confirm: z.literal(true, { message: 'Please confirm that you want your personal data erased.' }) }),
    },
    handle: async (_input, { req, res, user, correlationId }) => {
      const { projects } = await erasePerson(deps, user!.userId, actorOf(user!), correlationId);
      await deps.security.logOut(req, res);
      return { erased: true, projects, message: 'Your personal data is erased and you are logged out.' };
    },
  });
}
