import { createLogger, createPool } from '@shop/infra';
import { PostgresEventStore } from '@shop/event-store';
import { ProjectionRunner } from '@shop/projectors';
import { organizationsV2, projectionsWith } from './organizations-v2.js';

/**
 * A projectors process of the upgrade tests (projection-upgrade.test.ts): the shop's projections
 * with organizations at version 2, fed from the store as `npm run start:projectors` is without
 * Kafka, against DATABASE_URL. It logs (JSON lines on stdout) what it upgraded.
 */
const pool = createPool(process.env.DATABASE_URL!, 10);
const eventStore = new PostgresEventStore(pool, { pollIntervalMs: 50 });
const logger = createLogger('info');
const runner = new ProjectionRunner({ pool, eventStore, logger, catchUpReplay: false }, projectionsWith(organizationsV2(undefined, Number(process.env.SLOW_FOLD_MS ?? 0))));
await runner.start();
logger.info('projectors running');
process.once('SIGTERM', () => {
  void runner
    .stop()
    .then(() => pool.end())
    .finally(() => process.exit(0));
});
