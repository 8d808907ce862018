import { ConfigError, EmbeddedPostgresError, KafkaTopicMismatchError, createLogger, embeddedConfigSchema, loadConfig, loadRoleConfig, onShutdownSignal } from '@shop/infra';
import { allRoles, startShop, type Role } from './shop.js';

/**
 * Process entry point. `npm start` runs every role on embedded defaults; the
 * `start:<role>` scripts run one role against DATABASE_URL.
 */
export async function main(roles: readonly Role[] = allRoles): Promise<void> {
  try {
    // The embedded shop checks every setting; a role on its own only the settings it uses.
    const config = roles.length === allRoles.length ? loadConfig(embeddedConfigSchema) : loadRoleConfig(roles);
    if (roles.length < allRoles.length && !config.DATABASE_URL) {
      throw new ConfigError(['DATABASE_URL: required when a role runs on its own (it must share the database)']);
    }
    const logger = createLogger(config.LOG_LEVEL, roles.length === allRoles.length ? 'shop' : roles.join('+'));
    const shop = await startShop(config, logger, roles);
    onShutdownSignal(shop.stop, (message) => logger.info(message));
    console.log(shop.url ? `\n  Soft Furnishings Shop (${roles.join(', ')}) is running at ${shop.url}\n` : `\n  ${roles.join(', ')} running\n`);
  } catch (error) {
    // What the operator must change is one line; anything else keeps its stack.
    const operators = error instanceof ConfigError || error instanceof EmbeddedPostgresError || error instanceof KafkaTopicMismatchError;
    console.error(operators ? error.message : error);
    process.exit(1);
  }
}
