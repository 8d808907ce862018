import { ConfigError, createLogger, embeddedConfigSchema, loadConfig, onShutdownSignal } from '@shop/infra';
import { startScaledShop } from './scaled-shop.js';

/** `npm run start:scaled`: the scaled topology on one machine behind one entry port (scaled-shop.ts). */
async function main() {
  const logger = createLogger(loadConfig(embeddedConfigSchema).LOG_LEVEL, 'scaled');
  const shop = await startScaledShop(logger);
  onShutdownSignal(shop.stop, (message) => logger.info(message));
  console.log(`\n  Scaled shop: 2 command-api, 2 query-api, 2 projectors behind ${shop.url}\n`);
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
