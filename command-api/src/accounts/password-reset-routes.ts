import type { Router } from 'express';
import { z } from 'zod';
import { findCredentialsByEmail, hashPassword, inTransaction, revokeTokens, setPasswordHash, useToken } from '@shop/infra';
import type { RouteDeps } from '../deps.js';
import { defineRoute } from '../http/route.js';
import { loadAccount } from './account-store.js';
import { runAccountCommands, selfActor } from './account-commands.js';
import { refusedLink } from './link-words.js';
import { EmailField, PasswordField, TokenField } from './schemas.js';
import { requireStrongPassword } from './user-routes.js';


/** POST /api/password-reset/reset_password/ and /api/password-reset/confirm/. */
export function passwordResetRoutes(router: Router, deps: RouteDeps): void {
  defineRoute(router, deps.registry, {
    method: 'post',
    path: '/password-reset/reset_password/',
    summary: 'E-mail a password reset link',
    tag: 'password reset',
    access: 'public',
    input: { body: z.object({ email: EmailField }) },
    handle: async ({ body }, { correlationId }) => {
      const message = `If ${body.email} has an account, we sent it a link to reset the password.`;
      const credentials = await findCredentialsByEmail(deps.pool, body.email);
      if (!credentials?.passwordHash) return { message };
      await runAccountCommands(deps, credentials.userId, selfActor(credentials.userId), [{ type: 'RequestPasswordReset' }], correlationId);
      return { message };
    },
  });

  defineRoute(router, deps.registry, {
    method: 'post',
    path: '/password-reset/confirm/',
    summary: 'Set a new password with the token from the e-mailed link',
    tag: 'password reset',
    access: 'public',
    input: { body: z.object({ password: PasswordField, token: TokenField }) },
    handle: async ({ body }, { correlationId }) => {
      requireStrongPassword(body.password);
      const passwordHash = await hashPassword(body.password);
      await inTransaction(deps.pool, async (client) => {
        const now = deps.clock.now();
        const holder = await useToken(client, 'password_reset', body.token, now);
        if (!holder) throw await refusedLink(deps.pool, 'password_reset', body.token, now, 'token');
        await setPasswordHash(client, holder.userId, passwordHash);
        await revokeTokens(client, 'password_reset', holder.userId, now);
        // Whoever is logged in with the old password is logged out (and their live streams close).
        await client.query("DELETE FROM http_sessions WHERE sess -> 'user' ->> 'userId' = $1", [holder.userId]);
        await loadAccount(deps.eventStore, holder.userId);
        await runAccountCommands(deps, holder.userId, selfActor(holder.userId), [{ type: 'ChangePassword', reason: 'reset' }], correlationId);
      });
      return { message: 'Your password has been changed. You can log in now.' };
    },
  });
}
