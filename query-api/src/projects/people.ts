import { actorInWords, actorRole, type ActorRole } from '@shop/domain';
import type { Pool } from '@shop/infra';
import { findUsers } from '@shop/projectors/queries';

/** Who a user id is, as a person reads it. */
export interface PersonInWords {
  name: string | null;
  email: string | null;
  role: ActorRole;
  /** "Wendy Walker (customer)", "The shop (system)". */
  in_words: string;
}

/**
 * Names the people behind user ids from the users read model at query time (never copied into
 * other read models), so a rename or an erasure shows at once on every screen, the way the audit
 * log does it (docs/decisions/0150). A person without a name is called by their e-mail address.
 */
export async function peopleInWords(pool: Pool, ids: Iterable<string>): Promise<(id: string) => PersonInWords> {
  const wanted = [...new Set(ids)];
  const users = new Map((wanted.length ? await findUsers(pool, wanted) : []).map((user) => [user.user_id, user]));
  return (id) => {
    const user = users.get(id) ?? null;
    const role = actorRole(id, user);
    const name = user ? user.name || user.email || null : null;
    return { name: user?.name || null, email: user?.email || null, role, in_words: actorInWords(id, name, role) };
  };
}
