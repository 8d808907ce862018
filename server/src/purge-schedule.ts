import type { Logger, Pool } from '@shop/infra';
import { purgeNeeded, purgePersonalData, type KeyEncryptionKeys } from '@shop/personal-data';

/**
 * Purges of erased personal data from disk (docs/decisions/0162), batched: one at start when one
 * is due (erasures not yet purged, a purge a crash interrupted, keys an earlier version stored
 * unwrapped), then at most one per `minutes`, and one at shutdown. Returns its stop.
 */
export function startPurgeSchedule(pool: Pool, keks: KeyEncryptionKeys, minutes: number, logger: Logger): () => Promise<void> {
  let running: Promise<unknown> = Promise.resolve();
  const purgeIfDue = () => {
    running = running
      .then(async () => {
        if (await purgeNeeded(pool, keks)) await purgePersonalData(pool, keks, (step, details) => logger.info(details ?? {}, step));
        // Generations kept for backups past their retention go, purge or not (decision 0335).
        await keks.destroyExpired();
      })
      .catch((error: unknown) => logger.error({ err: error }, 'personal data purge failed; it runs again at the next turn'));
    return running;
  };
  // Not awaited: a purge waits for the projectors to catch up, which a start must not wait for.
  void purgeIfDue();
  const timer = setInterval(() => void purgeIfDue(), minutes * 60_000);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await purgeIfDue();
  };
}
