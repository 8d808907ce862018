import { accountDecider, type AccountCommand, type Actor } from '@shop/domain';
import { handleCommands } from '@shop/infra';
import type { RouteDeps } from '../deps.js';
import { accountStream } from '../streams.js';

type Omitted<C> = C extends unknown ? Omit<C, 'at' | 'actor'> : never;
export type AccountCommandInput = Omitted<AccountCommand>;

/** Decides account commands for one user's stream as `actor`, stamped with the clock. */
export function runAccountCommands(
  deps: Pick<RouteDeps, 'eventStore' | 'clock' | 'ids'>,
  userId: string,
  actor: Actor,
  commands: AccountCommandInput[],
  correlationId: string,
  expectedRevision?: number,
) {
  const at = deps.clock.now().toISOString();
  return handleCommands(
    deps,
    accountDecider,
    accountStream(userId),
    () => commands.map((command) => ({ ...command, at, actor }) as AccountCommand),
    { actor: actor.userId, correlationId, expectedRevision },
  );
}

/** Someone acting on their own account before they have a session (sign-up, links, resets). */
export const selfActor = (userId: string): Actor => ({ userId, isStaff: false });
