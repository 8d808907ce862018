import { actorInWords, actorRole, auditSentence, changesInWords, eventName } from '@shop/domain';
import type { Pool } from '@shop/infra';
import { findUsers, type AuditRow } from '@shop/projectors/queries';

/**
 * The audit log as people read it. Names, e-mails and roles come from the users read model at
 * query time (never copied into the log), so a rename shows at once on every past line; the
 * words come from the domain's pure wording (docs/decisions/0150-audit-log-in-words.md). The
 * raw fields stay as read: `data` and `changes` (worked out from the rows) for the "raw event" view.
 */
export async function auditLogInWords(pool: Pool, log: AuditRow[]) {
  const ids = [...new Set(log.map((entry) => entry.actor))];
  const users = new Map((await findUsers(pool, ids)).map((user) => [user.user_id, user]));
  return log.map((entry) => {
    const user = users.get(entry.actor) ?? null;
    const role = actorRole(entry.actor, user);
    const who = actorInWords(entry.actor, user?.name ?? null, role);
    const words = changesInWords(entry.changes);
    return {
      ...entry,
      actor_name: user?.name ?? null,
      actor_email: user?.email ?? null,
      actor_role: role,
      actor_in_words: who,
      event_name: eventName(entry.type),
      summary: auditSentence(who, entry.type, words),
      changes_in_words: words,
    };
  });
}
