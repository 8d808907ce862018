import { DomainError, fold, projectDecider, type ProjectCommand, type ProjectEvent } from '@shop/domain';
import { ConcurrencyError, type Clock, type EventStore, type IdGenerator } from '@shop/infra';

export interface OutcomeDeps {
  eventStore: EventStore;
  clock: Clock;
  ids: IdGenerator;
}

/** The shop's reactors act as staff under the id 'system' (domain/src/account/actor.ts). */
const SYSTEM = { userId: 'system', isStaff: true };

/**
 * Records on a project stream that its e-mail went out or failed (RecordEmailSent / RecordEmailFailed),
 * caused by the request event. A stream that moved on meanwhile is simply read again.
 * Answers true once recorded, or when there is nothing to record (already settled, no project).
 */
export async function recordProjectEmailOutcome(
  deps: OutcomeDeps,
  streamId: string,
  outcome: { emailId: string; requestEventId: string; sent: boolean; reason: string },
): Promise<boolean> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const stored = await deps.eventStore.readStream(streamId);
    const state = fold(projectDecider, stored.map((event) => ({ type: event.type, data: event.data }) as ProjectEvent));
    const at = deps.clock.now().toISOString();
    const command: ProjectCommand = outcome.sent
      ? { type: 'RecordEmailSent', emailId: outcome.emailId, at, actor: SYSTEM }
      : { type: 'RecordEmailFailed', emailId: outcome.emailId, reason: outcome.reason.slice(0, 2000), at, actor: SYSTEM };
    let events: ProjectEvent[];
    try {
      events = projectDecider.decide(command, state);
    } catch (error) {
      // Already sent, or the e-mail/project is unknown: nothing more to record.
      if (error instanceof DomainError) return true;
      throw error;
    }
    try {
      await deps.eventStore.appendToStream(
        streamId,
        events.map((event) => ({
          id: deps.ids.next(),
          type: event.type,
          data: event.data,
          metadata: { actor: SYSTEM.userId, correlationId: outcome.requestEventId, causationId: outcome.requestEventId, occurredAt: at },
        })),
        { expectedRevision: stored.length - 1 },
      );
      return true;
    } catch (error) {
      if (!(error instanceof ConcurrencyError)) throw error;
    }
  }
  return false;
}
