import { DomainError, projectDecider, SYSTEM_ACTOR, type ProjectCommand } from '@shop/domain';
import { ConcurrencyError, handleCommand, type Clock, type EventStore, type IdGenerator } from '@shop/infra';

export interface OutcomeDeps {
  eventStore: EventStore;
  clock: Clock;
  ids: IdGenerator;
}

/**
 * Records an outbox row's outcome on its project's stream (an e-mail sent or failed, a capture
 * made or failed), caused by the event that asked for the work, through the one command handler
 * as the system. A stream that moved on meanwhile is decided again (up to five times). Answers
 * true once recorded, or when there is nothing to record (recorded by an earlier pass that stopped
 * before noting it, or no such e-mail, charge or project); false when every attempt lost a race.
 */
export async function recordOutcome(deps: OutcomeDeps, streamId: string, causedBy: string, command: (at: string) => ProjectCommand): Promise<boolean> {
  try {
    await handleCommand(deps, projectDecider, streamId, () => command(deps.clock.now().toISOString()), {
      actor: SYSTEM_ACTOR.userId,
      correlationId: causedBy,
      causationId: causedBy,
      attempts: 5,
    });
    return true;
  } catch (error) {
    if (error instanceof DomainError) return true;
    if (error instanceof ConcurrencyError) return false;
    throw error;
  }
}

/** A refusal's reason as an event keeps it: at most 2,000 characters. */
export const reasonOf = (lastError: string | null): string => (lastError ?? 'unknown').slice(0, 2000);
