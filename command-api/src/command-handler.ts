import type { Decider } from '@shop/domain';
import { fold } from '@shop/domain';
import type { Clock, EventStore, IdGenerator, NewEvent } from '@shop/infra';

/** Domain events are `{ type, data }`; the envelope (id, metadata) is added here. */
export interface DomainEventLike {
  type: string;
  data: Record<string, unknown>;
}

export interface CommandContext {
  actor: string;
  correlationId: string;
}

export interface CommandResult<S, E> {
  state: S;
  events: E[];
  /** The stream's revision after the append; clients pass it back for read-your-writes. */
  revision: number;
}

export interface CommandHandlerDeps {
  eventStore: EventStore;
  clock: Clock;
  ids: IdGenerator;
}

/**
 * Load the stream, fold it, decide, and append with the revision that was read: a
 * concurrent writer makes the append fail with a ConcurrencyError (HTTP 409), never a lost update.
 */
export async function handleCommand<C, E extends DomainEventLike, S>(
  deps: CommandHandlerDeps,
  decider: Decider<C, E, S>,
  streamId: string,
  makeCommand: (state: S) => C,
  context: CommandContext,
): Promise<CommandResult<S, E>> {
  const stored = await deps.eventStore.readStream(streamId);
  const state = fold(decider, stored.map((event) => ({ type: event.type, data: event.data }) as unknown as E));
  const events = decider.decide(makeCommand(state), state);
  const currentRevision = stored.length - 1;
  if (events.length === 0) return { state, events, revision: currentRevision };
  const occurredAt = deps.clock.now().toISOString();
  const envelopes: NewEvent[] = events.map((event) => ({
    id: deps.ids.next(),
    type: event.type,
    data: event.data,
    metadata: { actor: context.actor, correlationId: context.correlationId, causationId: null, occurredAt },
  }));
  const { nextRevision } = await deps.eventStore.appendToStream(streamId, envelopes, {
    expectedRevision: currentRevision < 0 ? 'no_stream' : currentRevision,
  });
  return { state: events.reduce(decider.evolve, state), events, revision: nextRevision };
}
