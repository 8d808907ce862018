import type { Logger, Pool } from '@shop/infra';
import { logNeedsSeal, sealLog, type LogSigningKey } from '@shop/event-store';

/**
 * The log's seals (decision 0347): a signed digest over every stream's chain head once at start
 * when the log grew since the last one, then at most once per `minutes`, and one at shutdown.
 * Returns its stop.
 */
export function startSealSchedule(pool: Pool, key: LogSigningKey, minutes: number, logger: Logger): () => Promise<void> {
  let running: Promise<unknown> = Promise.resolve();
  const sealIfGrown = () => {
    running = running
      .then(async () => {
        if (!(await logNeedsSeal(pool))) return;
        const digest = await sealLog(pool, key);
        logger.info({ digest: digest.digestId, events: digest.eventCount, streams: digest.streamCount, root: digest.root.toString('hex') }, 'event log sealed');
      })
      .catch((error: unknown) => logger.error({ err: error }, 'sealing the event log failed; it runs again at the next turn'));
    return running;
  };
  void sealIfGrown();
  const timer = setInterval(() => void sealIfGrown(), minutes * 60_000);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await sealIfGrown();
  };
}
