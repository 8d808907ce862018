import type { AccountView } from '@shop/domain';
import type { Pool, PoolClient } from '@shop/infra';

type Db = Pool | PoolClient;

export async function findUser(db: Db, userId: string): Promise<AccountView | null> {
  const result = await db.query<{ view: AccountView }>('SELECT view FROM users WHERE user_id = $1', [userId]);
  return result.rows[0]?.view ?? null;
}

/** By e-mail, compared the way the domain stores it (trimmed, lower-cased). Erased users have none. */
export async function findUserByEmail(db: Db, email: string): Promise<AccountView | null> {
  const result = await db.query<{ view: AccountView }>(
    "SELECT view FROM users WHERE email = $1 AND NOT coalesce((view->>'is_erased')::boolean, false)",
    [email.trim().toLowerCase()],
  );
  return result.rows[0]?.view ?? null;
}

export async function findUsers(db: Db, userIds: readonly string[]): Promise<AccountView[]> {
  const result = await db.query<{ view: AccountView }>('SELECT view FROM users WHERE user_id = ANY($1)', [userIds]);
  return result.rows.map((row) => row.view);
}

/** The profile with the revision of its account stream the row shows (-1 when unknown), from one statement (one commit). */
export async function findUserWithRevision(db: Db, userId: string): Promise<{ view: AccountView; revision: number } | null> {
  const result = await db.query<{ view: AccountView; revision: string | null }>(
    `SELECT u.view, r.revision FROM users u
       LEFT JOIN projection_stream_revisions r ON r.projection = 'users' AND r.stream_id = u.stream_id
      WHERE u.user_id = $1`,
    [userId],
  );
  const row = result.rows[0];
  return row ? { view: row.view, revision: row.revision === null ? -1 : Number(row.revision) } : null;
}
