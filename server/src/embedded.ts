import { ConfigError, createLogger, embeddedConfigSchema, loadConfig, onShutdownSignal } from '@shop/infra';
import { startShop } from './shop.js';

// `npm start`: the whole shop in one process on its embedded defaults.
async function main() {
  const config = loadConfig(embeddedConfigSchema);
  const logger = createLogger(config.LOG_LEVEL);
  const shop = await startShop(config, logger);
  onShutdownSignal(shop.stop, (message) => logger.info(message));
  console.log(`\n  Soft Furnishings Shop is running at ${shop.url}\n`);
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
