import { randomUUID } from 'node:crypto';
import { sqlLiteral, type Pool, type PoolClient } from '@shop/infra';

/**
 * How a runner whose batches commit without waiting for the WAL flush (decision 0294) finds out
 * that the server may have lost some: it keeps a row in an UNLOGGED table, which PostgreSQL empties
 * after every crash recovery (including a backend crash that reinitialises the server without a
 * new postmaster) and on a promoted standby. The row is written before the checkpoints are read,
 * so a loss after that read is always found. A clean shutdown keeps the row and loses nothing.
 */
export async function startWatch(pool: Pool, previous: string | null): Promise<string> {
  const token = randomUUID();
  await pool.query('INSERT INTO projection_unflushed_watches (token) VALUES ($1)', [token]);
  if (previous) await endWatch(pool, previous);
  return token;
}

/** Whether the runner's row is still there (false: a crash recovery may have lost unflushed batches). */
export async function isWatched(db: Pool | PoolClient, token: string): Promise<boolean> {
  const { rowCount } = await db.query('SELECT 1 FROM projection_unflushed_watches WHERE token = $1', [token]);
  return rowCount === 1;
}

/** The same check as an SQL expression, for a statement sent without parameters. */
export const watchedSql = (token: string): string => `EXISTS (SELECT 1 FROM projection_unflushed_watches WHERE token = ${sqlLiteral(token)})`;

/** The runner stopped: its row goes (a crashed process's row stays, a few bytes, until a crash recovery empties the table). */
export async function endWatch(pool: Pool, token: string): Promise<void> {
  await pool.query('DELETE FROM projection_unflushed_watches WHERE token = $1', [token]);
}

/** The database server recovered from a crash since the caller read its checkpoints: unflushed batches may be lost. */
export class ServerRestartedError extends Error {
  constructor() {
    super('the database server recovered from a crash: batches committed without a flush may be lost, read again from the stored checkpoints');
  }
}
