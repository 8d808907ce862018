import { dataToAppend, fold, readDomainEvents, schemaVersionOf, SYSTEM_ACTOR, type Decider } from '@shop/domain';
import { ConcurrencyError, type EventStore, type NewEvent, type StoredEvent } from '../event-store/event-store.js';
import type { Clock, IdGenerator } from '../runtime/clock-and-ids.js';
import type { StreamStateCache } from './stream-state-cache.js';
import { activeTraceparent, inSpan, type Span } from '../tracing/tracing.js';

/*
 * The one command handler: load the stream, fold it, decide, append with the revision that was
 * read. The command API and the reactors both write through it, so nothing else appends.
 */

/** Domain events are `{ type, data }`; the envelope (id, metadata) is added here. */
export interface DomainEventLike {
  type: string;
  data: Record<string, unknown>;
}

export interface CommandContext<S = unknown> {
  actor: string;
  correlationId: string;
  /** The event that caused this command (a reactor's request event); null for a person's request. */
  causationId?: string | null;
  /**
   * How often a race lost to another writer is decided again on fresh state (default 3). Reactors,
   * which have no client waiting, may try more often.
   */
  attempts?: number;
  /**
   * The revision the client last saw (a `revision` it was answered). When given and the stream
   * has moved on, the command fails with 409 before deciding: the client edited stale data.
   */
  expectedRevision?: number | undefined;
  /**
   * Who may act on this stream, judged on its state before anything else (the stale-revision
   * 409 included): a stranger gets 403/404 and learns nothing about the stream (decision 0080).
   */
  authorize?: (state: S) => void | Promise<void>;
  /**
   * The stream's id was made for this command a moment ago (a new random id): it cannot exist yet,
   * so it is not read (one round trip less per create). The append still expects no stream and
   * would refuse one that did exist.
   */
  newStream?: boolean;
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
  /** Folded states of streams this process wrote or read: a command then reads only newer events. */
  streamStates?: StreamStateCache;
}

export interface LoadedStream<S> {
  state: S;
  /** -1 for a stream that does not exist yet. */
  revision: number;
}

/**
 * Reads a stream and folds it with the decider, without deciding anything. Every stored event is
 * upcast to its current schema version and parsed by the domain's zod schema on the way.
 */
export async function loadStream<C, E extends DomainEventLike, S>(
  eventStore: EventStore,
  decider: Decider<C, E, S>,
  streamId: string,
): Promise<LoadedStream<S> & { stored: StoredEvent[] }> {
  const stored = await eventStore.readStream(streamId);
  const state = fold(decider, stored.flatMap((event) => readDomainEvents(event) as unknown as E[]));
  return { state, revision: stored.length - 1, stored };
}

/** Reactors record e-mail receipts as the system actor; those do not make a client's copy stale. */
const SYSTEM_ACTOR_ID = SYSTEM_ACTOR.userId;

/** True when someone other than the shop itself wrote after the revision the client saw (`newer` holds every event after it). */
function changedSince(newer: StoredEvent[], seen: number, current: number): boolean {
  if (seen > current) return true;
  return newer.some((event) => event.revision > seen && event.metadata.actor !== SYSTEM_ACTOR_ID);
}

// Erasure makes every earlier personal field read back as erased: such a stream is folded afresh.
const ERASURES = new Set(['PersonalDataErased', 'CustomerDataErased']);

/**
 * The stream's current state and revision: from the cache plus the events after its revision
 * when this process has folded the stream before, from the whole stream otherwise. `newer` holds
 * at least every event after `seenRevision` (the client's), for the stale-revision check.
 */
async function currentState<C, E extends DomainEventLike, S>(
  deps: CommandHandlerDeps,
  decider: Decider<C, E, S>,
  streamId: string,
  seenRevision: number | undefined,
): Promise<LoadedStream<S> & { newer: StoredEvent[] }> {
  const cached = deps.streamStates?.get(streamId, decider);
  if (cached) {
    const from = Math.max(0, Math.min(cached.revision + 1, (seenRevision ?? cached.revision) + 1));
    const newer = await deps.eventStore.readStream(streamId, { fromRevision: from });
    if (!newer.some((event) => ERASURES.has(event.type))) {
      const unseen = newer.filter((event) => event.revision > cached.revision).flatMap((event) => readDomainEvents(event) as unknown as E[]);
      const revision = newer.length > 0 ? Math.max(cached.revision, newer[newer.length - 1]!.revision) : cached.revision;
      return { state: unseen.reduce(decider.evolve, cached.state as S), revision, newer };
    }
    deps.streamStates?.delete(streamId);
  }
  const { state, revision, stored } = await loadStream(deps.eventStore, decider, streamId);
  if (revision >= 0 && !stored.some((event) => ERASURES.has(event.type))) deps.streamStates?.set(streamId, { decider, state, revision });
  return { state, revision, newer: stored };
}

/** Without a client revision, a race lost to another writer is decided again on fresh state. */
const ATTEMPTS = 3;
/** The first retry's longest wait; each next one doubles it. */
const BACKOFF_MS = 10;

/**
 * Waits before deciding again: a random time up to BACKOFF_MS·2^(attempt-1) (full jitter, decision
 * 0308), so writers that collided on one stream do not collide again in step, and a busy store is
 * not asked again at once.
 */
export const conflictRetryWaitMs = (attempt: number, random: () => number = Math.random) => random() * BACKOFF_MS * 2 ** (attempt - 1);
const backOff = (attempt: number) => new Promise((resolve) => setTimeout(resolve, conflictRetryWaitMs(attempt)));

/**
 * Load the stream, fold it, decide, and append with the revision that was read: a
 * concurrent writer makes the append fail with a ConcurrencyError (HTTP 409), never a lost update.
 */
export async function handleCommand<C, E extends DomainEventLike, S>(
  deps: CommandHandlerDeps,
  decider: Decider<C, E, S>,
  streamId: string,
  makeCommand: (state: S) => C | Promise<C>,
  context: CommandContext<S>,
): Promise<CommandResult<S, E>> {
  return handleCommands(deps, decider, streamId, async (state) => [await makeCommand(state)], context);
}

/**
 * Several commands decided one after the other against the evolving state, appended together:
 * all of them happen or none (an internal update that prices, approves and e-mails at once).
 */
export async function handleCommands<C, E extends DomainEventLike, S>(
  deps: CommandHandlerDeps,
  decider: Decider<C, E, S>,
  streamId: string,
  makeCommands: (state: S) => C[] | Promise<C[]>,
  context: CommandContext<S>,
): Promise<CommandResult<S, E>> {
  // Named for what was decided once it is known (`command ProjectApproved`); ids and revisions only, never personal data (decision 0400).
  return inSpan('command', { attributes: { 'shop.stream_id': streamId } }, async (span) => {
    for (let attempt = 1; ; attempt++) {
      try {
        const result = await decideAndAppend(deps, decider, streamId, makeCommands, context, span);
        span.setAttributes({ 'shop.revision': result.revision, 'shop.attempts': attempt });
        return result;
      } catch (error) {
        // A client that named its revision gets the 409; otherwise decide again (the decision is re-made, never replayed blindly).
        if (!(error instanceof ConcurrencyError) || context.expectedRevision !== undefined || attempt >= (context.attempts ?? ATTEMPTS)) throw error;
        await backOff(attempt);
      }
    }
  });
}

async function decideAndAppend<C, E extends DomainEventLike, S>(
  deps: CommandHandlerDeps,
  decider: Decider<C, E, S>,
  streamId: string,
  makeCommands: (state: S) => C[] | Promise<C[]>,
  context: CommandContext<S>,
  span: Span,
): Promise<CommandResult<S, E>> {
  const { state, revision: currentRevision, newer } = context.newStream
    ? { state: decider.initialState(), revision: -1, newer: [] }
    : await currentState(deps, decider, streamId, context.expectedRevision);
  await context.authorize?.(state);
  if (context.expectedRevision !== undefined && context.expectedRevision !== currentRevision && changedSince(newer, context.expectedRevision, currentRevision)) {
    throw new ConcurrencyError(streamId, context.expectedRevision, currentRevision < 0 ? null : currentRevision);
  }
  let next = state;
  const events: E[] = [];
  const commands = await makeCommands(state);
  for (const command of commands) {
    const decided = decider.decide(command, next);
    next = decided.reduce(decider.evolve, next);
    events.push(...decided);
  }
  span.updateName(`command ${[...new Set(events.length > 0 ? events.map((event) => event.type) : commands.map(commandType))].join(', ')}`);
  if (events.length === 0) return { state, events, revision: currentRevision };
  const occurredAt = deps.clock.now().toISOString();
  let nextRevision: number;
  const expectedRevision = currentRevision < 0 ? 'no_stream' : currentRevision;
  let envelopes: NewEvent[] = [];
  try {
    ({ nextRevision } = await inSpan(`append ${streamId}`, { attributes: { 'shop.stream_id': streamId, 'shop.expected_revision': currentRevision, 'shop.events': events.length } }, async (append) => {
      // The append's context travels with the events; with tracing off there is none and the metadata is as it always was.
      const traceparent = activeTraceparent();
      envelopes = events.map((event) => ({
        id: deps.ids.next(),
        type: event.type,
        schemaVersion: schemaVersionOf(event.type),
        data: dataToAppend(event.type, event.data),
        metadata: { actor: context.actor, correlationId: context.correlationId, causationId: context.causationId ?? null, occurredAt, ...(traceparent ? { traceparent } : {}) },
      }));
      const appended = await deps.eventStore.appendToStream(streamId, envelopes, { expectedRevision });
      append.setAttribute('shop.revision', appended.nextRevision);
      return appended;
    }));
  } catch (error) {
    const earlier = error instanceof ConcurrencyError || isUniqueViolation(error) ? await appendedBefore(deps, decider, streamId, envelopes) : null;
    if (earlier) return { ...earlier, events };
    throw error;
  }
  if (events.some((event) => ERASURES.has(event.type))) deps.streamStates?.delete(streamId);
  else deps.streamStates?.set(streamId, { decider, state: next, revision: nextRevision });
  return { state: next, events, revision: nextRevision };
}

/**
 * When the stream already holds these very events (the same ids: a request sent again with its
 * Idempotency-Key after its first run appended them, decision 0325), the append is recognised as
 * made: the answer is the stream as those events left it, and nothing is appended twice.
 */
async function appendedBefore<C, E extends DomainEventLike, S>(
  deps: CommandHandlerDeps,
  decider: Decider<C, E, S>,
  streamId: string,
  envelopes: NewEvent[],
): Promise<{ state: S; revision: number } | null> {
  const stored = await deps.eventStore.readStream(streamId);
  const last = stored.findIndex((event) => event.id === envelopes[envelopes.length - 1]!.id);
  if (last < 0 || stored[last - envelopes.length + 1]?.id !== envelopes[0]!.id) return null;
  const upTo = stored.slice(0, last + 1);
  return { state: fold(decider, upTo.flatMap((event) => readDomainEvents(event) as unknown as E[])), revision: upTo[upTo.length - 1]!.revision };
}

/** A command's name for its span when it decided nothing. */
function commandType(command: unknown): string {
  const type = (command as { type?: unknown } | null)?.type;
  return typeof type === 'string' ? type : 'command';
}

/** PostgreSQL's unique_violation: an event id the log already holds, appended at a revision no one else took. */
function isUniqueViolation(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === '23505';
}
