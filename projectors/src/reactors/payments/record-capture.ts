import { DomainError, projectDecider, SYSTEM_ACTOR, type ProjectCommand } from '@shop/domain';
import { ConcurrencyError, handleCommand, type Clock, type EventStore, type IdGenerator } from '@shop/infra';

export interface CaptureOutcomeDeps {
  eventStore: EventStore;
  clock: Clock;
  ids: IdGenerator;
}

export interface CaptureOutcome {
  chargeId: string;
  authorizationEventId: string;
  captured: boolean;
  attempts: number;
  reason: string;
}

/**
 * Records a card charge's capture (PaymentCaptured) or its failure (PaymentCaptureFailed) on the
 * project's stream, caused by the authorisation's event, through the one command handler. Answers
 * true once recorded, or when there is nothing to record (already recorded by an earlier pass
 * that crashed before noting it, or no such charge); false when every attempt lost a race.
 */
export async function recordCaptureOutcome(deps: CaptureOutcomeDeps, streamId: string, outcome: CaptureOutcome): Promise<boolean> {
  const command = (): ProjectCommand => {
    const at = deps.clock.now().toISOString();
    return outcome.captured
      ? { type: 'RecordPaymentCaptured', chargeId: outcome.chargeId, attempts: outcome.attempts, at, actor: SYSTEM_ACTOR }
      : { type: 'RecordPaymentCaptureFailed', chargeId: outcome.chargeId, reason: outcome.reason.slice(0, 2000), attempts: outcome.attempts, at, actor: SYSTEM_ACTOR };
  };
  try {
    await handleCommand(deps, projectDecider, streamId, command, {
      actor: SYSTEM_ACTOR.userId,
      correlationId: outcome.authorizationEventId,
      causationId: outcome.authorizationEventId,
      attempts: 5,
    });
    return true;
  } catch (error) {
    if (error instanceof DomainError) return true;
    if (error instanceof ConcurrencyError) return false;
    throw error;
  }
}
