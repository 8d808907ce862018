import { createHash, randomBytes } from 'node:crypto';
import type { Pool, PoolClient } from '../postgres/pool.js';

export type TokenPurpose = 'activation' | 'password_reset' | 'profile_completion';

/** How long each kind of link stays valid. */
export const tokenLifetimeMs: Record<TokenPurpose, number> = {
  activation: 7 * 24 * 60 * 60 * 1000,
  password_reset: 60 * 60 * 1000,
  profile_completion: 30 * 24 * 60 * 60 * 1000,
};

const hashOf = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');

/**
 * Makes a random token (256 bits, URL-safe) for the mail delivery `deliveryId` and stores only its
 * hash. The raw token exists only in the e-mail that carries it, so a retried delivery cannot send
 * the same one again: the link an earlier attempt of the delivery made is retired (expired now) in
 * the same statement, and only the link of the attempt that went stays usable (decision 0258).
 */
export async function issueToken(db: Pool | PoolClient, purpose: TokenPurpose, holder: TokenHolder, now: Date, deliveryId: string): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.query(
    `WITH retired AS (
       UPDATE account_tokens SET expires_at = LEAST(expires_at, $5) WHERE delivery_id = $7 AND used_at IS NULL AND expires_at > $5
     )
     INSERT INTO account_tokens (token_hash, purpose, user_id, email, created_at, expires_at, delivery_id) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [hashOf(token), purpose, holder.userId, holder.email, now, new Date(now.getTime() + tokenLifetimeMs[purpose]), deliveryId],
  );
  return token;
}

/** Whom a token was made for: the user, and the address the link was e-mailed to. */
export interface TokenHolder {
  userId: string;
  email: string | null;
}

const holderOf = (row: { user_id: string; email: string | null } | undefined): TokenHolder | null =>
  row ? { userId: row.user_id, email: row.email } : null;

/** The user a valid (unused, unexpired) token belongs to, without using it up. */
export async function peekToken(db: Pool | PoolClient, purpose: TokenPurpose, token: string, now: Date): Promise<TokenHolder | null> {
  const result = await db.query<{ user_id: string; email: string | null }>(
    'SELECT user_id, email FROM account_tokens WHERE token_hash = $1 AND purpose = $2 AND used_at IS NULL AND expires_at > $3',
    [hashOf(token), purpose, now],
  );
  return holderOf(result.rows[0]);
}

/**
 * Locks a valid token inside the caller's transaction and marks it used. If the caller's
 * work fails, the transaction rolls back and the token stays usable; a concurrent use of
 * the same token waits for the lock and then finds it used.
 */
export async function useToken(client: PoolClient, purpose: TokenPurpose, token: string, now: Date): Promise<TokenHolder | null> {
  const result = await client.query<{ user_id: string; email: string | null }>(
    `UPDATE account_tokens SET used_at = $3
     WHERE token_hash = $1 AND purpose = $2 AND used_at IS NULL AND expires_at > $3
     RETURNING user_id, email`,
    [hashOf(token), purpose, now],
  );
  return holderOf(result.rows[0]);
}

/** After a password change, older reset links must stop working. */
export async function revokeTokens(db: Pool | PoolClient, purpose: TokenPurpose, userId: string, now: Date): Promise<void> {
  await db.query('UPDATE account_tokens SET used_at = $3 WHERE user_id = $1 AND purpose = $2 AND used_at IS NULL', [userId, purpose, now]);
}

/** What became of a link: still usable, used once already, out of date, or never made by us. */
export type TokenStatus = 'valid' | 'used' | 'expired' | 'unknown';

/** Why a token cannot be used, so the page can say so in plain words (issue 39). */
export async function tokenStatus(db: Pool | PoolClient, purpose: TokenPurpose, token: string, now: Date): Promise<TokenStatus> {
  const result = await db.query<{ used: boolean; expired: boolean }>(
    'SELECT used_at IS NOT NULL AS used, expires_at <= $3 AS expired FROM account_tokens WHERE token_hash = $1 AND purpose = $2',
    [hashOf(token), purpose, now],
  );
  const row = result.rows[0];
  if (!row) return 'unknown';
  if (row.used) return 'used';
  return row.expired ? 'expired' : 'valid';
}

/** True while another user holds a usable link of this purpose for this address (a registration under way). */
export async function hasPendingToken(db: Pool | PoolClient, purpose: TokenPurpose, email: string, exceptUserId: string, now: Date): Promise<boolean> {
  const result = await db.query(
    'SELECT 1 FROM account_tokens WHERE purpose = $1 AND lower(email) = lower($2) AND user_id <> $3 AND used_at IS NULL AND expires_at > $4 LIMIT 1',
    [purpose, email, exceptUserId, now],
  );
  return (result.rowCount ?? 0) > 0;
}

/**
 * Whether the user's link of this purpose is still out (a guest's registration still open,
 * decision 0246): a usable one was made, or none yet because the mail sender, which makes it as it
 * sends, has not come to it. Not out once every link made has expired or been used, nor when its
 * mail failed for good (no link reached anyone).
 */
export async function linkStillOut(db: Pool | PoolClient, purpose: TokenPurpose, userId: string, now: Date): Promise<boolean> {
  const result = await db.query<{ out: boolean }>(
    `SELECT NOT EXISTS (SELECT 1 FROM mail_deliveries WHERE kind = $1 AND payload->>'userId' = $2 AND status = 'failed')
        AND (EXISTS (SELECT 1 FROM account_tokens WHERE purpose = $1 AND user_id = $2 AND used_at IS NULL AND expires_at > $3)
             OR NOT EXISTS (SELECT 1 FROM account_tokens WHERE purpose = $1 AND user_id = $2)) AS out`,
    [purpose, userId, now],
  );
  return result.rows[0]?.out ?? false;
}
