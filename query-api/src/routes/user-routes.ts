import { createHmac } from 'node:crypto';
import { Router } from 'express';
import { type Pool } from '@shop/infra';
import { currentUser, documentRead, sendWithEntityTag, loadOrCreateSecret, type SessionUser } from '@shop/http-shell';
import { findUserWithRevision } from '@shop/projectors/queries';
import type { QueryDeps } from '../deps.js';
import { readYourWrites } from '../read-your-writes.js';
import { UserProfile } from '../openapi/response-schemas.js';

/** docs/api-conventions.md: anonymous callers get 200 with this, so the client needs no error path. */
export const EMPTY_PROFILE = { email: '', name: '', user_id: null, phone: '', is_designer: false, is_staff: false, user_hash: '' };

/** GET /users/: the current user's profile from the users read model. */
export function userRoutes(deps: QueryDeps): Router {
  const router = Router();
  const userHash = userHasher(deps.pool);

  documentRead(deps.registry, { path: '/users/', summary: 'The current user; the empty profile when not logged in', tag: 'Users', access: 'public', response: UserProfile });
  router.get('/users/', readYourWrites(deps.pool, ['users'], deps.readYourWrites), async (req, res) => {
    const user = currentUser(req);
    if (!user) return void res.json(EMPTY_PROFILE);
    const profile = await profileOf(deps.pool, user, await userHash(user.userId));
    sendWithEntityTag(res, profile.revision, profile);
  });
  return router;
}

async function profileOf(pool: Pool, user: SessionUser, user_hash: string) {
  const found = await findUserWithRevision(pool, user.userId);
  // Just signed up and not projected yet: what the session knows, rather than nothing (a write
  // naming revision -1 is then refused as stale, which is true: the account stream exists).
  if (!found) return { ...EMPTY_PROFILE, email: user.email, user_id: user.userId, is_staff: user.isStaff, user_hash, revision: -1 };
  const account = found.view;
  return {
    email: account.email,
    name: account.name,
    user_id: account.user_id,
    phone: account.phone,
    is_designer: account.is_designer,
    is_staff: account.is_staff,
    user_hash,
    revision: found.revision,
  };
}

/**
 * SPEC §3 `user_hash`: HMAC-SHA256 of the user id with the shared `user_hash` secret, the same
 * the command side answers at login (command-api/src/accounts/user-hash.ts), so both agree.
 */
function userHasher(pool: Pool): (userId: string) => Promise<string> {
  let secret: Promise<string> | null = null;
  return async (userId) => {
    secret ??= loadOrCreateSecret(pool, 'user_hash');
    return createHmac('sha256', await secret).update(userId).digest('hex');
  };
}
