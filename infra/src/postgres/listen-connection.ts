import type pg from 'pg';
import type { Pool, PoolClient } from './pool.js';

export interface ListenHandlers {
  /** A NOTIFY on one of the channels. */
  notice: (message: pg.Notification) => void;
  /** The connection failed after LISTEN succeeded (the caller drops it: no more notices will come). */
  lost: (error: Error) => void;
}

/**
 * A pooled connection LISTENing on `channels`, the handlers attached first (a notice can follow
 * the LISTEN's answer in the same packet). A LISTEN that fails (a terminated backend, a refused
 * channel) or gives no answer within `timeoutMs` (a connection that went silent on the way) must
 * not keep the connection: it goes back to the pool destroyed, never idle and never held, and the
 * error is thrown for the caller to try again later.
 */
export async function listenOn(pool: Pool, channels: readonly string[], handlers: ListenHandlers, timeoutMs = 10_000): Promise<PoolClient> {
  const client = await pool.connect();
  let listening = false;
  client.on('notification', handlers.notice);
  client.on('error', (error) => {
    if (listening) handlers.lost(error);
  });
  let silence: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      client.query(channels.map((channel) => `LISTEN ${channel}`).join('; ')),
      new Promise<never>((_, reject) => {
        silence = setTimeout(() => reject(new Error(`LISTEN did not answer within ${timeoutMs} ms`)), timeoutMs);
      }),
    ]);
  } catch (error) {
    client.removeListener('notification', handlers.notice);
    // Destroyed, not kept: with a query in flight, ending the client destroys its socket.
    client.release(error instanceof Error ? error : true);
    throw error;
  } finally {
    clearTimeout(silence);
  }
  listening = true;
  return client;
}
