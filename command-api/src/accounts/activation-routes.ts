import type { Router } from 'express';
import { z } from 'zod';
import { findCredentialsByEmail, inTransaction, useToken } from '@shop/infra';
import type { RouteDeps } from '../deps.js';
import { defineRoute } from '../http/route.js';
import { loadAccount, profileOf } from './account-store.js';
import { runAccountCommands, selfActor } from './account-commands.js';
import { refusedLink } from './link-words.js';
import { EmailField, TokenField } from './schemas.js';


/** POST /api/activation/ (send the link again) and PUT /api/activation/ (activate). */
export function activationRoutes(router: Router, deps: RouteDeps): void {
  defineRoute(router, deps.registry, {
    method: 'post',
    path: '/activation/',
    summary: 'E-mail a new activation link',
    tag: 'activation',
    access: 'public',
    input: { body: z.object({ email: EmailField }) },
    handle: async ({ body }, { correlationId }) => {
      // The same answer whether or not the address has an account waiting, so nobody can probe for accounts.
      const message = `If ${body.email} has an account waiting for activation, we sent it a new link.`;
      const credentials = await findCredentialsByEmail(deps.pool, body.email);
      if (!credentials) return { message };
      const { view } = await loadAccount(deps.eventStore, credentials.userId);
      if (view.is_active || view.is_guest) return { message };
      await runAccountCommands(deps, view.user_id, selfActor(view.user_id), [{ type: 'RequestActivation' }], correlationId);
      return { message };
    },
  });

  defineRoute(router, deps.registry, {
    method: 'put',
    path: '/activation/',
    summary: 'Activate an account with the key from the e-mailed link',
    tag: 'activation',
    access: 'public',
    input: { body: z.object({ activation_key: TokenField }) },
    handle: async ({ body }, { correlationId }) => {
      // The token is used up only if the Activated event is stored (same transaction).
      const result = await inTransaction(deps.pool, async (client) => {
        const holder = await useToken(client, 'activation', body.activation_key, deps.clock.now());
        if (!holder) throw await refusedLink(deps.pool, 'activation', body.activation_key, deps.clock.now(), 'activation_key');
        const { view } = await loadAccount(deps.eventStore, holder.userId);
        if (view.is_active) return { userId: view.user_id, revision: null };
        const activated = await runAccountCommands(deps, holder.userId, selfActor(holder.userId), [{ type: 'Activate' }], correlationId);
        return { userId: holder.userId, revision: activated.revision };
      });
      const { view } = await loadAccount(deps.eventStore, result.userId);
      return { ...(await profileOf(view, deps.userHashes)), revision: result.revision, message: 'Your account is active. You can log in now.' };
    },
  });
}
