import { startTracing } from '@shop/infra/tracing-sdk';

// `npm start`: the whole shop in one process on its embedded defaults. Tracing first, when the
// OTEL_* variables ask for it: the shop's modules are imported after it so its hooks patch them (decision 0401).
const tracing = await startTracing('shop');
const [{ main }, { allRoles }] = await Promise.all([import('./main.js'), import('./shop.js')]);
await main(allRoles, tracing);
stopWhenLauncherExits();

/**
 * `npm start` execs this process in place of its shell, so npm is the parent: npm forwards SIGINT and
 * SIGTERM, but dies on SIGHUP (or SIGKILL) without telling us. Then we are re-parented; stop the shop
 * and its PostgreSQL as if signalled, rather than run on with no parent (issue 15).
 */
function stopWhenLauncherExits(): void {
  if (!process.env.npm_lifecycle_event) return;
  const launcher = process.ppid;
  const timer = setInterval(() => {
    if (process.ppid === launcher) return;
    clearInterval(timer);
    process.kill(process.pid, 'SIGHUP');
  }, 500);
  timer.unref();
}
