import type { Pool, PoolClient } from '../postgres/pool.js';

export interface Credentials {
  userId: string;
  email: string;
  passwordHash: string | null;
}

/** E-mail addresses compare case-insensitively and without surrounding spaces. */
export const normalizeEmail = (email: string) => email.trim().toLowerCase();

export class EmailTakenError extends Error {
  constructor(readonly email: string) {
    super(`An account with the e-mail ${email} already exists.`);
    this.name = 'EmailTakenError';
  }
}

/** Claims the e-mail for a new account; a second claim of the same e-mail fails with EmailTakenError. */
export async function insertCredentials(db: Pool | PoolClient, credentials: Credentials): Promise<void> {
  try {
    await db.query('INSERT INTO account_credentials (user_id, email, password_hash) VALUES ($1, $2, $3)', [
      credentials.userId,
      normalizeEmail(credentials.email),
      credentials.passwordHash,
    ]);
  } catch (error) {
    if ((error as { code?: string }).code === '23505') throw new EmailTakenError(credentials.email);
    throw error;
  }
}

export async function findCredentialsByEmail(db: Pool | PoolClient, email: string): Promise<Credentials | null> {
  const result = await db.query<{ user_id: string; email: string; password_hash: string | null }>(
    'SELECT user_id, email, password_hash FROM account_credentials WHERE email = $1',
    [normalizeEmail(email)],
  );
  const row = result.rows[0];
  return row ? { userId: row.user_id, email: row.email, passwordHash: row.password_hash } : null;
}

export async function findCredentialsByUserId(db: Pool | PoolClient, userId: string): Promise<Credentials | null> {
  const result = await db.query<{ user_id: string; email: string; password_hash: string | null }>(
    'SELECT user_id, email, password_hash FROM account_credentials WHERE user_id = $1',
    [userId],
  );
  const row = result.rows[0];
  return row ? { userId: row.user_id, email: row.email, passwordHash: row.password_hash } : null;
}

export async function setPasswordHash(db: Pool | PoolClient, userId: string, passwordHash: string): Promise<void> {
  await db.query('UPDATE account_credentials SET password_hash = $2, updated_at = now() WHERE user_id = $1', [userId, passwordHash]);
}

/** Removes a claim made for a sign-up whose event could not be stored, so the e-mail is free again. */
export async function deleteCredentials(db: Pool | PoolClient, userId: string): Promise<void> {
  await db.query('DELETE FROM account_credentials WHERE user_id = $1', [userId]);
}
