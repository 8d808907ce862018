import type { Logger, Pool } from '@shop/infra';
import { logNeedsSeal, sealLog, type LogSigningKey } from '@shop/event-store';
import { purgeNeeded, purgePersonalData, type KeyEncryptionKeys } from '@shop/personal-data';

/**
 * A job run once at start, then at most once per `minutes` and once at shutdown, one turn at a
 * time; a failed turn is logged and the next one tries again. Returns its stop.
 */
function startSchedule(minutes: number, logger: Logger, failure: string, job: () => Promise<void>): () => Promise<void> {
  let running: Promise<unknown> = Promise.resolve();
  const turn = () => {
    running = running.then(job).catch((error: unknown) => logger.error({ err: error }, `${failure}; it runs again at the next turn`));
    return running;
  };
  // Not awaited: a purge waits for the projectors to catch up, which a start must not wait for.
  void turn();
  const timer = setInterval(() => void turn(), minutes * 60_000);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await turn();
  };
}

/**
 * Purges of erased personal data from disk (docs/decisions/0162), batched: at start when one is
 * due (erasures not yet purged, a purge a crash interrupted, keys an earlier version stored
 * unwrapped), then at most one per `minutes`, and one at shutdown.
 */
export const startPurgeSchedule = (pool: Pool, keks: KeyEncryptionKeys, minutes: number, logger: Logger) =>
  startSchedule(minutes, logger, 'personal data purge failed', async () => {
    if (await purgeNeeded(pool, keks)) await purgePersonalData(pool, keks, (step, details) => logger.info(details ?? {}, step));
    // Generations kept for backups past their retention go, purge or not (decision 0335).
    await keks.destroyExpired();
  });

/**
 * The log's seals (decision 0347): a signed digest over every stream's chain head at start when
 * the log grew since the last one, then at most once per `minutes`, and one at shutdown.
 */
export const startSealSchedule = (pool: Pool, key: LogSigningKey, minutes: number, logger: Logger) =>
  startSchedule(minutes, logger, 'sealing the event log failed', async () => {
    if (!(await logNeedsSeal(pool))) return;
    const digest = await sealLog(pool, key);
    logger.info({ digest: digest.digestId, events: digest.eventCount, streams: digest.streamCount, root: digest.root.toString('hex') }, 'event log sealed');
  });
