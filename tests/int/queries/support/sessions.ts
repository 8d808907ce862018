import { createHmac, randomBytes } from 'node:crypto';
import type { Pool } from '@shop/infra';
import type { SessionUser } from '@shop/http-shell';
import { ApiClient } from '../../../support/http-client.js';

/**
 * An API client logged in as `user`, for users made as events with past dates (statistics, time
 * travel), who have no credentials to log in with through POST /api/sessions/. The session is
 * written where express-session keeps it (http_sessions) with its cookie signed by the shop's
 * session secret, as express-session would; the first GET picks up the session and CSRF cookies.
 * Tests of data the command API can make log in for real (through-commands.test.ts).
 */
export async function clientAs(pool: Pool, baseUrl: string, user: SessionUser): Promise<ApiClient> {
  const sid = randomBytes(18).toString('base64url');
  const secret = (await pool.query<{ value: string }>("SELECT value FROM app_secrets WHERE name = 'session'")).rows[0]!.value;
  const expires = new Date(Date.now() + 3_600_000);
  const sess = { cookie: { originalMaxAge: 3_600_000, expires: expires.toISOString(), httpOnly: true, path: '/', sameSite: 'lax' }, user, csrfSeed: 'test' };
  await pool.query('INSERT INTO http_sessions (sid, sess, expire) VALUES ($1, $2, $3)', [sid, sess, expires]);
  const signature = createHmac('sha256', secret).update(sid).digest('base64').replace(/=+$/, '');
  const client = new ApiClient(baseUrl);
  await client.get('/api/users/', { cookie: `sid=${encodeURIComponent(`s:${sid}.${signature}`)}` });
  return client;
}

export const customerUser = (userId: string, email = `${userId}@example.com`): SessionUser => ({ userId, email, isStaff: false, isGuest: false });
export const staffUser = (userId: string, email = `${userId}@example.com`): SessionUser => ({ userId, email, isStaff: true, isGuest: false });
