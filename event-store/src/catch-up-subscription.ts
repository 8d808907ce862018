import { START, type GlobalCheckpoint, type StoredEvent, type SubscribeOptions, type Subscription } from '@shop/infra';

interface CatchUpDeps extends SubscribeOptions {
  readAll: (from: GlobalCheckpoint, limit: number) => Promise<StoredEvent[]>;
  /** Optional push channel: calls `wake` when something may have been appended. */
  listen?: (wake: () => void) => Promise<() => Promise<void>>;
  pollIntervalMs: number;
}

/** The first second look after a wake that found nothing; each next one waits twice as long, up to the poll interval. */
export const WOKEN_RETRY_FIRST_MS = 5;

/**
 * Reads batch after batch until caught up, then waits for a notification or the poll interval.
 *
 * A wake that comes while a batch is being read is kept, so the next wait returns at once: the
 * read may have started before the append committed. A wake whose read finds nothing new looks
 * again soon (5, 10, 20 ms, ... up to the poll interval), because the appended event only
 * becomes readable once every older transaction in the cluster has ended (the store's reading
 * rule), and when the last of those is not an append, nothing wakes the subscriber again:
 * without the second looks the event would wait for the next poll.
 */
export function catchUpSubscription(deps: CatchUpDeps): Subscription {
  let from = deps.from ?? START;
  let running = true;
  let woken = false;
  let wakeUp: (() => void) | null = null;
  const wake = () => {
    woken = true;
    wakeUp?.();
  };
  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      if (woken) return resolve();
      const timer = setTimeout(() => {
        wakeUp = null;
        resolve();
      }, ms);
      wakeUp = () => {
        wakeUp = null;
        clearTimeout(timer);
        resolve();
      };
    });
  const stopListening = deps.listen ? deps.listen(wake) : Promise.resolve(async () => undefined);

  const loop = async () => {
    // 0 when no second look is due; else how long the next wait is.
    let retryMs = 0;
    while (running) {
      const afterWake = woken;
      woken = false;
      try {
        const batch = await deps.readAll(from, deps.batchSize ?? 500);
        if (batch.length > 0 && running) {
          await deps.onBatch(batch);
          from = batch[batch.length - 1]!.checkpoint;
          retryMs = 0;
          continue;
        }
        retryMs = afterWake ? WOKEN_RETRY_FIRST_MS : retryMs * 2;
      } catch (error) {
        deps.onError?.(error);
        retryMs = 0; // a failing read waits for the poll, not a burst of second looks
      }
      if (retryMs >= deps.pollIntervalMs) retryMs = 0;
      if (running) await sleep(retryMs || deps.pollIntervalMs);
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
