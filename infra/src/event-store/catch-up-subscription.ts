import type { GlobalCheckpoint, StoredEvent, SubscribeOptions, Subscription } from './event-store.js';
import { START } from './event-store.js';

interface CatchUpDeps extends SubscribeOptions {
  readAll: (from: GlobalCheckpoint, limit: number) => Promise<StoredEvent[]>;
  /** Optional push channel: calls `wake` when something may have been appended. */
  listen?: (wake: () => void) => Promise<() => Promise<void>>;
  pollIntervalMs: number;
}

/**
 * Reads batch after batch until caught up, then waits for a notification or the poll
 * interval. Polling stays on even with notifications, because an event announced while an
 * older transaction is still open only becomes readable once that transaction ends.
 */
export function catchUpSubscription(deps: CatchUpDeps): Subscription {
  let from = deps.from ?? START;
  let running = true;
  let wakeUp: (() => void) | null = null;
  const wake = () => wakeUp?.();
  const sleep = () =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, deps.pollIntervalMs);
      wakeUp = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  const stopListening = deps.listen ? deps.listen(wake) : Promise.resolve(async () => undefined);

  const loop = async () => {
    while (running) {
      try {
        const batch = await deps.readAll(from, deps.batchSize ?? 500);
        if (batch.length > 0 && running) {
          await deps.onBatch(batch);
          from = batch[batch.length - 1]!.checkpoint;
          continue;
        }
      } catch (error) {
        deps.onError?.(error);
      }
      if (running) await sleep();
    }
  };
  const done = loop();
  let stopped: Promise<void> | null = null;
  const stop = async () => {
    running = false;
    wake();
    await done;
    await (await stopListening.catch(() => async () => undefined))();
  };
  // Stopping twice (a failed projection, then shutdown) must not release the listener twice.
  return { stop: () => (stopped ??= stop()) };
}
