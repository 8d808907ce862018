import type { PoolClient } from './pool.js';

export interface ListenerHeartbeatOptions {
  /** How often the connection is asked for a cheap answer. */
  everyMs?: number;
  /** How long an answer may take before the connection is given up as dead. */
  timeoutMs?: number;
}

/**
 * Watches a LISTEN connection for a silent death. A connection whose peer vanished without a
 * reset (a half-open TCP connection: a dropped NAT entry, a killed VM, a cut cable) raises no
 * error: the process just hears no more NOTIFYs. So a cheap `SELECT 1` runs on it every `everyMs`;
 * no answer within `timeoutMs` (or a failed one) calls `onLost` once. TCP keepalive would notice
 * too, but only after the kernel's probes (minutes at Linux defaults, not settable per socket
 * from Node). Returns a function that stops the watch (call it when the connection is released).
 */
export function watchListener(client: PoolClient, onLost: (error: Error) => void, options: ListenerHeartbeatOptions = {}): () => void {
  const everyMs = options.everyMs ?? 30_000;
  const timeoutMs = options.timeoutMs ?? 10_000;
  let asking = false;
  let stopped = false;
  const stop = () => {
    stopped = true;
    clearInterval(timer);
  };
  const ask = async () => {
    if (asking || stopped) return;
    asking = true;
    let silence: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        client.query('SELECT 1'),
        new Promise<never>((_, reject) => {
          silence = setTimeout(() => reject(new Error(`The LISTEN connection did not answer within ${timeoutMs} ms`)), timeoutMs);
        }),
      ]);
    } catch (error) {
      if (stopped) return;
      stop();
      onLost(error instanceof Error ? error : new Error(String(error)));
    } finally {
      clearTimeout(silence);
      asking = false;
    }
  };
  const timer = setInterval(() => void ask(), everyMs);
  timer.unref();
  return stop;
}
