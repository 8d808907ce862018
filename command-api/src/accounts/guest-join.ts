import { projectDecider } from '@shop/domain';
import { loadStream } from '@shop/infra';
import { type SessionUser } from '@shop/http-shell';
import type { RouteDeps } from '../deps.js';
import { runProjectCommands } from '../projects/project-commands.js';
import { projectStream } from '../streams.js';
import { loadAccount } from './account-store.js';

/**
 * Moves a guest's saved projects into the account that proved the guest's e-mail, by the mailed
 * link or by logging in from the guest's browser (docs/decisions/0195). Each project is moved by
 * the guest, its owner, so the audit log says who; one already moved (or deleted) is left alone,
 * so running it again is harmless. Answers how many projects moved.
 */
export async function joinGuestToAccount(deps: RouteDeps, guestId: string, accountId: string, correlationId: string): Promise<number> {
  const { state } = await loadAccount(deps.eventStore, guestId);
  if (state.status !== 'guest' || guestId === accountId) return 0;
  const guest: SessionUser = { userId: guestId, email: '', isStaff: false, isGuest: true };
  let moved = 0;
  for (const projectId of state.account.guestProjectIds ?? []) {
    const { state: project } = await loadStream(deps.eventStore, projectDecider, projectStream(projectId));
    if (project.status !== 'existing' || project.project.user !== guestId) continue;
    await runProjectCommands(deps, projectId, { user: guest, correlationId }, () => [{ type: 'JoinAccount', toUserId: accountId }]);
    moved++;
  }
  return moved;
}

/** The address a guest asked to register with, if any (lower case, as the link was sent). */
export async function requestedEmailOf(deps: RouteDeps, guestId: string): Promise<string | null> {
  const { state } = await loadAccount(deps.eventStore, guestId).catch(() => ({ state: null }));
  return state?.status === 'guest' ? (state.account.requestedEmail ?? null) : null;
}
