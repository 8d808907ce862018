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
