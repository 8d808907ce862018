import { ConfigError, EmbeddedPostgresError, KafkaTopicMismatchError, createLogger, embeddedConfigSchema, loadConfig, loadRoleConfig } from '@shop/infra';
import { EventStoreDbRefused } from '@shop/personal-data';
import { onShutdownSignal } from '@shop/http-shell';
import { ProjectionVersionFenceError } from '@shop/projectors';
import type { Tracing } from '@shop/infra/tracing-sdk';
import { allRoles, startShop, type Role } from './shop.js';

/**
 * How long a stop may take, whatever state the database is in: a supervisor's own stop timeout
 * (systemd 90 s, Kubernetes 30 s by default) must not be what ends the shop (docs/decisions/0302).
 */
const SHUTDOWN_DEADLINE_MS = 10_000;

/**
 * Process entry point. `npm start` runs every role on embedded defaults; the
 * `start:<role>` scripts run one role against DATABASE_URL. `tracing` was started by the entry
 * before this module was imported (decision 0401); it is flushed on shutdown.
 */
export async function main(roles: readonly Role[], tracing: Tracing): Promise<void> {
  try {
    // The embedded shop checks every setting; a role on its own only the settings it uses.
    const config = roles.length === allRoles.length ? loadConfig(embeddedConfigSchema) : loadRoleConfig(roles);
    if (roles.length < allRoles.length && !config.DATABASE_URL) {
      throw new ConfigError(['DATABASE_URL: required when a role runs on its own (it must share the database)']);
    }
    const logger = createLogger(config.LOG_LEVEL, roles.length === allRoles.length ? 'shop' : roles.join('+'));
    if (tracing.enabled) logger.info('tracing: spans exported over OTLP');
    const shop = await startShop(config, logger, roles);
    const stop = async () => {
      await shop.stop();
      await tracing.stop();
    };
    const shutDown = onShutdownSignal(stop, (message) => logger.info(message), { deadlineMs: SHUTDOWN_DEADLINE_MS, abort: shop.abort });
    // A shop without its database serves nothing right: out, non-zero, so a supervisor starts the pair again.
    void shop.databaseLost.then(() => shutDown('the embedded PostgreSQL stopped under the shop', 1));
    console.log(shop.url ? `\n  Soft Furnishings Shop (${roles.join(', ')}) is running at ${shop.url}\n` : `\n  ${roles.join(', ')} running\n`);
  } catch (error) {
    // What the operator must change is one line; anything else keeps its stack.
    const operators =
      error instanceof ConfigError ||
      error instanceof EmbeddedPostgresError ||
      error instanceof EventStoreDbRefused ||
      error instanceof KafkaTopicMismatchError ||
      error instanceof ProjectionVersionFenceError;
    console.error(operators ? error.message : error);
    process.exit(1);
  }
}
