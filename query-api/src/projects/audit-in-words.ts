import { auditSentence, changesInWords, eventName } from '@shop/domain';
import type { Pool } from '@shop/infra';
import type { AuditRow } from '@shop/projectors/queries';
import { peopleInWords } from './people.js';

/**
 * The audit log as people read it. Names, e-mails and roles come from the users read model at
 * query time (never copied into the log), so a rename shows at once on every past line; the
 * words come from the domain's pure wording (docs/decisions/0150-audit-log-in-words.md). The
 * raw fields stay as read: `data` and `changes` (worked out from the rows) for the "raw event" view.
 */
export async function auditLogInWords(pool: Pool, log: AuditRow[]) {
  const person = await peopleInWords(pool, log.map((entry) => entry.actor));
  return log.map((entry) => {
    const who = person(entry.actor);
    const words = changesInWords(entry.changes);
    return {
      ...entry,
      actor_name: who.name,
      actor_email: who.email,
      actor_role: who.role,
      actor_in_words: who.in_words,
      event_name: eventName(entry.type),
      summary: auditSentence(who.in_words, entry.type, words),
      changes_in_words: words,
    };
  });
}
