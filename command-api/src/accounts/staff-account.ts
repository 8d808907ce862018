import { accountDecider, SYSTEM_ACTOR, type AccountCommand } from '@shop/domain';
import { findCredentialsByEmail, handleCommands, hashPassword, insertCredentials, setPasswordHash, type Clock, type EventStore, type IdGenerator, type Pool } from '@shop/infra';
import { accountStream } from '../streams.js';

export interface EnsureAccountDeps {
  pool: Pool;
  eventStore: EventStore;
  clock: Clock;
  ids: IdGenerator;
}

export interface EnsuredAccount {
  email: string;
  password: string;
  name: string;
  isStaff: boolean;
}

/**
 * Makes sure an active account with this e-mail and password exists (STAFF_EMAIL and
 * STAFF_PASSWORD at start, demo accounts on first start). The shop itself acts, as 'system'.
 * Returns whether the account was created.
 */
export async function ensureActiveAccount(deps: EnsureAccountDeps, account: EnsuredAccount): Promise<boolean> {
  const passwordHash = await hashPassword(account.password);
  const existing = await findCredentialsByEmail(deps.pool, account.email);
  const userId = existing?.userId ?? deps.ids.next();
  if (existing) await setPasswordHash(deps.pool, userId, passwordHash);
  else await insertCredentials(deps.pool, { userId, email: account.email, passwordHash });
  const at = deps.clock.now().toISOString();
  await handleCommands(
    deps,
    accountDecider,
    accountStream(userId),
    (state) => {
      const commands: Array<Omit<AccountCommand, 'at' | 'actor'>> = [];
      if (state.status === 'empty') commands.push({ type: 'Register', userId, email: account.email, name: account.name } as Omit<AccountCommand, 'at' | 'actor'>);
      if (state.status !== 'active') commands.push({ type: 'Activate' });
      if (account.isStaff) commands.push({ type: 'SetStaffFlag', isStaff: true } as Omit<AccountCommand, 'at' | 'actor'>);
      return commands.map((command) => ({ ...command, at, actor: SYSTEM_ACTOR }) as AccountCommand);
    },
    { actor: SYSTEM_ACTOR.userId, correlationId: deps.ids.next() },
  );
  return !existing;
}
