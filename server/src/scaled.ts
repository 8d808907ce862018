import { ConfigError, createLogger, embeddedConfigSchema, loadConfig, onShutdownSignal, startTracing } from '@shop/infra';
import { startScaledShop } from './scaled-shop.js';

/** `npm run start:scaled`: the scaled topology on one machine behind one entry port (scaled-shop.ts). */
async function main() {
  const logger = createLogger(loadConfig(embeddedConfigSchema).LOG_LEVEL, 'scaled');
  // The front's own spans (decision 0400); the processes it starts read the same OTEL_* variables.
  const tracing = startTracing('front');
  const shop = await startScaledShop(logger);
  onShutdownSignal(async () => {
    await shop.stop();
    await tracing.stop();
  }, (message) => logger.info(message));
  console.log(`\n  Scaled shop: 2 command-api, 2 query-api, 2 projectors behind ${shop.url}\n`);
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
