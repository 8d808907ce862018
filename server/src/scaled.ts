import { startTracing } from '@shop/infra/tracing-sdk';

// `npm run start:scaled`: the scaled topology on one machine behind one entry port (scaled-shop.ts).
// The front's own spans first, before its modules load (decision 0401); the processes it starts
// read the same OTEL_* variables.
const tracing = await startTracing('front');
const [{ ConfigError, createLogger, embeddedConfigSchema, loadConfig }, { onShutdownSignal }, { startScaledShop }] = await Promise.all([
  import('@shop/infra'),
  import('@shop/http-shell'),
  import('./scaled-shop.js'),
]);

async function main() {
  const logger = createLogger(loadConfig(embeddedConfigSchema).LOG_LEVEL, 'scaled');
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
