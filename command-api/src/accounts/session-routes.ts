import type { Router } from 'express';
import { z } from 'zod';
import { findCredentialsByEmail, verifyPassword } from '@shop/infra';
import { HttpError } from '@shop/http-shell';
import type { RouteDeps } from '../deps.js';
import { ErrorBody } from '../http/openapi.js';
import { defineRoute } from '../http/route.js';
import { loadAccount, profileOf } from './account-store.js';
import { joinGuestToAccount, requestedEmailOf } from './guest-join.js';

const LOGIN_FAILED = 'Unable to log in with the provided credentials.';

/** POST /api/sessions/ and DELETE /api/sessions. */
export function sessionRoutes(router: Router, deps: RouteDeps): void {
  defineRoute(router, deps.registry, {
    method: 'post',
    path: '/sessions/',
    summary: 'Log in with e-mail and password; answers the user profile',
    tag: 'sessions',
    access: 'public',
    responses: {
      401: { description: 'Wrong e-mail or password.', content: { 'application/json': { schema: ErrorBody } } },
      429: { description: 'Too many failed attempts; try again later.', content: { 'application/json': { schema: ErrorBody } } },
    },
    input: { body: z.object({ email: z.string().trim().min(1, 'Please enter your e-mail address.').max(254), password: z.string().min(1, 'Please enter your password.').max(200) }) },
    handle: async ({ body }, { req, res, user, correlationId }) => {
      const address = req.ip ?? 'unknown';
      const now = deps.clock.now();
      if (await deps.throttle.isBlocked(body.email, address, now)) {
        throw new HttpError(429, 'Too many failed log-in attempts. Please wait 15 minutes and try again.');
      }
      const credentials = await findCredentialsByEmail(deps.pool, body.email);
      if (!(await verifyPassword(credentials?.passwordHash ?? null, body.password)) || !credentials?.passwordHash) {
        await deps.throttle.recordFailure(body.email, address, now);
        throw new HttpError(401, LOGIN_FAILED);
      }
      await deps.throttle.recordSuccess(body.email);
      const { view } = await loadAccount(deps.eventStore, credentials.userId);
      if (!view.is_active) throw new HttpError(403, 'Please activate your account first: follow the link we e-mailed you.');
      // Logging in from a guest's browser with the address that guest asked to register proves
      // it: the guest's project joins this account (docs/decisions/0195).
      if (user?.isGuest && (await requestedEmailOf(deps, user.userId)) === view.email.toLowerCase()) {
        await joinGuestToAccount(deps, user.userId, view.user_id, correlationId);
      }
      await deps.security.logIn(req, res, { userId: view.user_id, email: view.email, isStaff: view.is_staff, isGuest: false }, { passwordHash: credentials.passwordHash });
      return profileOf(view, deps.userHashes);
    },
  });

  defineRoute(router, deps.registry, {
    method: 'delete',
    path: '/sessions',
    summary: 'Log out (ends the server session)',
    tag: 'sessions',
    access: 'public',
    status: 204,
    success: { description: 'Logged out.' },
    handle: async (_input, { req, res }) => {
      await deps.security.logOut(req, res);
      res.status(204).end();
      return undefined;
    },
  });
}
