import type { Router } from 'express';
import { z } from 'zod';
import { emailProblem, passwordProblem } from '@shop/domain';
import { deleteCredentials, EmailTakenError, findCredentialsByUserId, hashPassword, inTransaction, insertCredentials, type PoolClient, setPasswordHash, verifyPassword } from '@shop/infra';
import { HttpError, sessionIdOf } from '@shop/http-shell';
import { actorOf } from '../actor.js';
import type { RouteDeps } from '../deps.js';
import { releaseExpiredReservation } from './sign-up-reservation.js';
import { defineRoute } from '../http/route.js';
import { loadAccount, profileOf } from './account-store.js';
import { runAccountCommands, selfActor } from './account-commands.js';
import { EmailField, NameField, PasswordField, PhoneField } from './schemas.js';

export const emailTaken = () => new HttpError(409, 'An account with this e-mail already exists. Please log in.');

/** A weak password is a 400 on the `password` field with the SPEC §5 rule. */
export function requireStrongPassword(password: string, field = 'password'): void {
  const message = passwordProblem(password);
  if (message) throw new HttpError(400, message, [{ field, message }]);
}

function requireEmail(email: string): void {
  const message = emailProblem(email);
  if (message) throw new HttpError(400, message, [{ field: 'email', message }]);
}

/** POST and PUT /api/users/ (GET /api/users/ is the query side's). */
export function userRoutes(router: Router, deps: RouteDeps): void {
  defineRoute(router, deps.registry, {
    method: 'post',
    path: '/users/',
    summary: 'Sign up; an activation e-mail follows',
    tag: 'users',
    access: 'public',
    status: 201,
    input: {
      body: z.object({ email: EmailField, name: NameField, password: PasswordField, phone: PhoneField.optional(), is_designer: z.boolean().optional() }),
    },
    handle: async ({ body }, { correlationId }) => {
      requireEmail(body.email);
      requireStrongPassword(body.password);
      const userId = deps.ids.next();
      const credentials = { userId, email: body.email, passwordHash: await hashPassword(body.password) };
      try {
        await insertCredentials(deps.pool, credentials);
      } catch (error) {
        if (!(error instanceof EmailTakenError)) throw error;
        // A sign-up killed before its events left the address reserved: expired, it is released (decision 0326).
        if (!(await releaseExpiredReservation(deps.pool, deps.eventStore, body.email))) throw emailTaken();
        try {
          await insertCredentials(deps.pool, credentials);
        } catch (again) {
          if (again instanceof EmailTakenError) throw emailTaken();
          throw again;
        }
      }
      const register = { type: 'Register' as const, userId, email: body.email, name: body.name, phone: body.phone, isDesigner: body.is_designer };
      try {
        const result = await runAccountCommands(deps, userId, selfActor(userId), [register, { type: 'RequestActivation' }], correlationId);
        const { view } = await loadAccount(deps.eventStore, userId);
        return { ...(await profileOf(view, deps.userHashes)), revision: result.revision, message: `We sent an activation link to ${view.email}.` };
      } catch (error) {
        await deleteCredentials(deps.pool, userId);
        throw error;
      }
    },
  });

  defineRoute(router, deps.registry, {
    method: 'put',
    path: '/users/',
    summary: "Update the current user's profile (name, phone) or password",
    tag: 'users',
    access: 'user',
    etag: true,
    input: {
      body: z.object({
        name: NameField.optional(),
        phone: PhoneField.optional(),
        password: PasswordField.optional(),
        current_password: z.string().max(200).optional(),
        revision: z.number().int().min(-1).optional(),
      }),
    },
    handle: async ({ body }, { req, user, correlationId }) => {
      const me = user!;
      const commands = [
        { type: 'UpdateProfile' as const, name: body.name, phone: body.phone },
        ...(body.password !== undefined ? [{ type: 'ChangePassword' as const, reason: 'change' as const }] : []),
      ];
      // The new hash commits only if the event is stored too.
      const result = await inTransaction(deps.pool, async (client) => {
        if (body.password !== undefined) {
          await changePassword(client, me.userId, body.password, body.current_password);
          await endOtherSessions(client, me.userId, sessionIdOf(req));
        }
        return runAccountCommands(deps, me.userId, actorOf(me), commands, correlationId, body.revision);
      });
      const { view } = await loadAccount(deps.eventStore, me.userId);
      return { ...(await profileOf(view, deps.userHashes)), revision: result.revision };
    },
  });
}

/**
 * A new password ends the user's other sessions (someone who knew the old one is logged out, and
 * their live streams close: docs/decisions/0172); this browser stays logged in.
 */
async function endOtherSessions(client: PoolClient, userId: string, keep: string): Promise<void> {
  await client.query("DELETE FROM http_sessions WHERE sess -> 'user' ->> 'userId' = $1 AND sid <> $2", [userId, keep]);
}

/** A logged-in user changes their password by proving the current one. */
async function changePassword(client: PoolClient, userId: string, password: string, current: string | undefined): Promise<void> {
  requireStrongPassword(password);
  const credentials = await findCredentialsByUserId(client, userId);
  if (!credentials?.passwordHash) throw new HttpError(422, 'Complete your profile before setting a password.');
  if (!(await verifyPassword(credentials.passwordHash, current ?? ''))) {
    throw new HttpError(400, 'Your current password is not correct.', [{ field: 'current_password', message: 'Your current password is not correct.' }]);
  }
  await setPasswordHash(client, userId, await hashPassword(password));
}
