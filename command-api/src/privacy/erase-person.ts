import { rm } from 'node:fs/promises';
import path from 'node:path';
import { accountDecider, accountView, decideAccount, ERASED, projectDecider, ruleViolation, SYSTEM_ACTOR, type Actor } from '@shop/domain';
import { deleteCredentials, handleCommand, loadStream, mailDir } from '@shop/infra';
import { duringErasure, PersonalDataKeys, personalDataKeysOf } from '@shop/personal-data';
import { notFound } from '@shop/http-shell';
import { runAccountCommands } from '../accounts/account-commands.js';
import type { RouteDeps } from '../deps.js';
import { accountStream } from '../streams.js';

/** Project states in which the shop still needs the customer's address to finish the order. */
const ORDER_IN_PROGRESS = new Set(['P', 'I', 'PS', 'C']);

/**
 * GDPR art. 17 (docs/decisions/0160): destroy the person's data key (crypto-shredding), record
 * PersonalDataErased on their account and CustomerDataErased on each project keyed to them, so
 * read models blank the same fields a replay now reads as erased; then remove what lives
 * outside the log: login credentials and tokens, sessions, written mail and uploaded images.
 * Money, dates, states and the audit trail stay. Running it again finishes an erasure a crash
 * interrupted: every step is idempotent. No purge runs meanwhile (duringErasure); the next one
 * makes the erasure hold on disk (docs/decisions/0162).
 */
export function erasePerson(deps: RouteDeps, userId: string, actor: Actor, correlationId: string): Promise<{ projects: number }> {
  // The store's own keys: destroying through them drops the key from this process's cache at once.
  const keys = personalDataKeysOf(deps.eventStore) ?? new PersonalDataKeys(deps.pool);
  return duringErasure(deps.pool, () => erase(deps, keys, userId, actor, correlationId));
}

/**
 * An erasure from the ledger re-applied after a restore (decision 0336), as staff erase: the shop
 * itself acts. A person the restored log never had an account for has only their key destroyed.
 */
export async function reapplyErasure(deps: RouteDeps, userId: string, correlationId: string): Promise<'erased' | 'key only'> {
  const keys = personalDataKeysOf(deps.eventStore) ?? new PersonalDataKeys(deps.pool);
  const { state } = await loadStream(deps.eventStore, accountDecider, accountStream(userId));
  if (!accountView(state)) {
    await keys.destroy(userId);
    return 'key only';
  }
  await erasePerson(deps, userId, SYSTEM_ACTOR, correlationId);
  return 'erased';
}

/** Erasures whose key's old row versions and clear read-model rows may still be in the database files. */
export function erasuresAwaitingPurge(deps: RouteDeps): Promise<number> {
  return (personalDataKeysOf(deps.eventStore) ?? new PersonalDataKeys(deps.pool)).erasuresAwaitingPurge();
}

async function erase(deps: RouteDeps, keys: PersonalDataKeys, userId: string, actor: Actor, correlationId: string): Promise<{ projects: number }> {
  const { state } = await loadStream(deps.eventStore, accountDecider, accountStream(userId));
  const view = accountView(state);
  if (!view) throw notFound('This account');
  const projectStreams = (await keys.streamsOf(userId)).filter((stream) => stream.startsWith('project-'));
  if (!view.is_erased) {
    // The domain agrees first (self or staff, not a staff account), then the key goes, then the fact is recorded.
    decideAccount({ type: 'ErasePersonalData', at: deps.clock.now().toISOString(), actor }, state);
    if (!actor.isStaff) await refuseWhileOrdersAreMade(deps, projectStreams);
    await keys.destroy(userId);
    await runAccountCommands(deps, userId, actor, [{ type: 'ErasePersonalData' }], correlationId);
  } else {
    await keys.destroy(userId);
  }
  const at = deps.clock.now().toISOString();
  for (const stream of projectStreams) {
    await handleCommand(deps, projectDecider, stream, () => ({ type: 'EraseCustomerData' as const, userId, at, actor }), { actor: actor.userId, correlationId });
  }
  await removeOutsideTheLog(deps, userId, view.email, [accountStream(userId), ...projectStreams]);
  return { projects: projectStreams.length };
}

/**
 * A customer cannot erase themself while an order is being made or waits to ship: the shop
 * still needs where to send it. Staff can (they settle the order another way first).
 */
async function refuseWhileOrdersAreMade(deps: RouteDeps, projectStreams: string[]): Promise<void> {
  for (const stream of projectStreams) {
    const { state } = await loadStream(deps.eventStore, projectDecider, stream);
    if (state.status === 'existing' && ORDER_IN_PROGRESS.has(state.project.state)) {
      throw ruleViolation('ORDER_IN_PROGRESS', `Your order "${state.project.name}" is still being made. We can erase your data once it has shipped; contact us if you need it sooner.`);
    }
  }
}

/** Personal data kept beside the log: gone with the key. `email` is the address before erasure (or ERASED on a re-run). */
async function removeOutsideTheLog(deps: RouteDeps, userId: string, email: string, streams: string[]): Promise<void> {
  await deleteCredentials(deps.pool, userId);
  await deps.pool.query('DELETE FROM account_tokens WHERE user_id = $1', [userId]);
  await deps.throttle.recordSuccess(email);
  await deps.pool.query("DELETE FROM http_sessions WHERE sess -> 'user' ->> 'userId' = $1", [userId]);
  const mails = await deps.pool.query<{ request_event_id: string }>(
    `UPDATE mail_deliveries SET recipient = $2, payload = payload - 'message',
       status = CASE WHEN status IN ('pending', 'sending') THEN 'failed' ELSE status END,
       -- A mail server's error quotes the recipient: it goes too.
       last_error = CASE WHEN status IN ('pending', 'sending') OR last_error IS NOT NULL THEN 'personal data erased' END
     WHERE stream_id = ANY($1) RETURNING request_event_id`,
    [streams, ERASED],
  );
  const mailFolder = mailDir(deps.dataDir);
  for (const { request_event_id: id } of mails.rows) {
    await rm(path.join(mailFolder, `${id}.eml`), { force: true });
    await rm(path.join(mailFolder, `${id}.json`), { force: true });
  }
  for (const stream of streams.filter((name) => name.startsWith('project-'))) {
    // Upload keys are `<projectId>/<uuid>.<ext>` (UploadStorage); the project's folder holds only its images.
    const projectId = stream.slice('project-'.length);
    if (/^[A-Za-z0-9_-]{1,64}$/.test(projectId)) await rm(path.join(deps.uploads.root, projectId), { recursive: true, force: true });
  }
}
