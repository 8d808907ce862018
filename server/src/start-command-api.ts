import { startTracing } from '@shop/infra/tracing-sdk';

// One role on its own, against DATABASE_URL (scaled topology). Tracing first, when the OTEL_*
// variables ask for it: the shop's modules are imported after it so its hooks patch them (decision 0401).
const tracing = await startTracing('command-api');
const { main } = await import('./main.js');
await main(['command'], tracing);
