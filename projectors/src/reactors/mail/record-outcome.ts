import { DomainError, projectDecider, SYSTEM_ACTOR, type ProjectCommand } from '@shop/domain';
import { ConcurrencyError, handleCommand, type Clock, type EventStore, type IdGenerator } from '@shop/infra';

export interface OutcomeDeps {
  eventStore: EventStore;
  clock: Clock;
  ids: IdGenerator;
}

/**
 * Records on a project stream that its e-mail went out or failed (RecordEmailSent / RecordEmailFailed),
 * caused by the request event, through the one command handler. A stream that moved on meanwhile is
 * decided again (up to five times). Answers true once recorded, or when there is nothing to record
 * (already settled, no project); false when every attempt lost a race.
 */
export async function recordProjectEmailOutcome(
  deps: OutcomeDeps,
  streamId: string,
  outcome: { emailId: string; requestEventId: string; sent: boolean; reason: string },
): Promise<boolean> {
  const command = (): ProjectCommand => {
    const at = deps.clock.now().toISOString();
    return outcome.sent
      ? { type: 'RecordEmailSent', emailId: outcome.emailId, at, actor: SYSTEM_ACTOR }
      : { type: 'RecordEmailFailed', emailId: outcome.emailId, reason: outcome.reason.slice(0, 2000), at, actor: SYSTEM_ACTOR };
  };
  try {
    await handleCommand(deps, projectDecider, streamId, command, {
      actor: SYSTEM_ACTOR.userId,
      correlationId: outcome.requestEventId,
      causationId: outcome.requestEventId,
      attempts: 5,
    });
    return true;
  } catch (error) {
    // Already sent, or the e-mail/project is unknown: nothing more to record.
    if (error instanceof DomainError) return true;
    if (error instanceof ConcurrencyError) return false;
    throw error;
  }
}
