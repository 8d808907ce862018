import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { catchUpSubscription, WOKEN_RETRY_FIRST_MS } from './catch-up-subscription.js';
import type { GlobalCheckpoint, StoredEvent, Subscription } from '@shop/infra';

const POLL_MS = 1_000;

function eventAt(position: number): StoredEvent {
  return {
    id: `e${position}`,
    type: 'Counted',
    schemaVersion: 1,
    data: {},
    metadata: { actor: 't', correlationId: 'c', causationId: null, occurredAt: new Date(0).toISOString() },
    streamId: 's',
    revision: position - 1,
    globalPosition: position,
    checkpoint: { transactionId: position, position },
  };
}

/**
 * A subscription over a log the test controls: `answers` are what successive reads return (a
 * function may throw or wait); the last one is repeated. `wake` is what an append would call.
 */
function subscribe(answers: Array<StoredEvent[] | (() => Promise<StoredEvent[]>)>) {
  const reads: GlobalCheckpoint[] = [];
  const delivered: StoredEvent[] = [];
  const errors: unknown[] = [];
  let wake: () => void = () => undefined;
  const subscription: Subscription = catchUpSubscription({
    pollIntervalMs: POLL_MS,
    readAll: async (from) => {
      const answer = answers[Math.min(reads.length, answers.length - 1)]!;
      reads.push(from);
      return typeof answer === 'function' ? answer() : answer;
    },
    listen: async (onWake) => {
      wake = onWake;
      return async () => undefined;
    },
    onBatch: async (batch) => {
      delivered.push(...batch);
    },
    onError: (error) => errors.push(error),
  });
  return { reads, delivered, errors, wake: () => wake(), subscription };
}

describe('catchUpSubscription', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('keeps a wake that comes during a read: the next read follows at once, not at the next poll', async () => {
    let finishRead: (events: StoredEvent[]) => void = () => undefined;
    const slowRead = () => new Promise<StoredEvent[]>((resolve) => (finishRead = resolve));
    const log = subscribe([slowRead, [eventAt(1)], []]);
    await vi.advanceTimersByTimeAsync(0);
    expect(log.reads).toHaveLength(1);
    log.wake(); // the append committed while the first read was running
    finishRead([]);
    await vi.advanceTimersByTimeAsync(0);
    expect(log.reads).toHaveLength(3);
    expect(log.delivered.map((event) => event.id)).toEqual(['e1']);
    await log.subscription.stop();
  });

  it('after a wake that finds nothing, looks again at 5, 10, 20, ... ms and then waits for the poll', async () => {
    const log = subscribe([[]]);
    await vi.advanceTimersByTimeAsync(0);
    expect(log.reads).toHaveLength(1);
    log.wake();
    await vi.advanceTimersByTimeAsync(0);
    expect(log.reads).toHaveLength(2);
    const looks: number[] = [];
    for (let wait = WOKEN_RETRY_FIRST_MS; wait < POLL_MS; wait *= 2) {
      await vi.advanceTimersByTimeAsync(wait - 1);
      const before = log.reads.length;
      await vi.advanceTimersByTimeAsync(1);
      expect(log.reads.length).toBe(before + 1);
      looks.push(wait);
    }
    expect(looks).toEqual([5, 10, 20, 40, 80, 160, 320, 640]);
    // Then the poll: nothing before it, one read at it.
    const before = log.reads.length;
    await vi.advanceTimersByTimeAsync(POLL_MS - 1);
    expect(log.reads.length).toBe(before);
    await vi.advanceTimersByTimeAsync(1);
    expect(log.reads.length).toBe(before + 1);
    await log.subscription.stop();
  });

  it('delivers an event that became readable after its wake on a second look, from where it left off', async () => {
    const log = subscribe([[], [], [eventAt(7)], []]);
    await vi.advanceTimersByTimeAsync(0);
    log.wake(); // read 2 finds nothing: an older transaction still holds the event back
    await vi.advanceTimersByTimeAsync(WOKEN_RETRY_FIRST_MS);
    expect(log.delivered.map((event) => event.id)).toEqual(['e7']);
    expect(log.reads.at(-1)).toEqual({ transactionId: 7, position: 7 });
    await log.subscription.stop();
  });

  it('waits for the poll after a failed read, even one a wake started', async () => {
    const log = subscribe([[], () => Promise.reject(new Error('connection lost')), []]);
    await vi.advanceTimersByTimeAsync(0);
    log.wake();
    await vi.advanceTimersByTimeAsync(0);
    expect(log.errors).toHaveLength(1);
    expect(log.reads).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(POLL_MS - 1);
    expect(log.reads).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(log.reads).toHaveLength(3);
    await log.subscription.stop();
  });
});
