import type pg from 'pg';
import type { Pool, PoolClient } from './pool.js';

export interface ListenHandlers {
  /** A NOTIFY on one of the channels. */
  notice: (message: pg.Notification) => void;
  /** The connection failed after LISTEN succeeded (the caller ends it: no more notices will come). */
  lost: (error: Error) => void;
}

/** A pooled connection LISTENing, held until `end`. */
export interface Listening {
  client: PoolClient;
  /**
   * Stops listening and gives the connection back: UNLISTENed to the pool, or destroyed when
   * `broken` (lost, silent). Either way the handlers are taken off it. Ending twice does nothing.
   */
  end: (broken?: Error | true) => Promise<void>;
}

/**
 * A pooled connection LISTENing on `channels`, the handlers attached first (a notice can follow
 * the LISTEN's answer in the same packet). A LISTEN that fails (a terminated backend, a server
 * restart) or gives no answer within `timeoutMs` (a connection that went silent on the way) must
 * not keep the connection: it goes back to the pool destroyed, never idle and never held, and the
 * error is thrown for the caller to try again later.
 */
export async function listenOn(pool: Pool, channels: readonly string[], handlers: ListenHandlers, timeoutMs = 10_000): Promise<Listening> {
  const client = await pool.connect();
  let listening = false;
  let ended = false;
  // Kept on a destroyed connection (an error after the end must not go unheard and crash the process).
  const onError = (error: Error) => {
    if (listening && !ended) handlers.lost(error);
  };
  client.on('notification', handlers.notice);
  client.on('error', onError);
  const end = async (broken?: Error | true) => {
    if (ended) return;
    ended = true;
    client.removeListener('notification', handlers.notice);
    if (broken) return client.release(broken);
    await client.query(channels.map((channel) => `UNLISTEN ${channel}`).join('; ')).catch(() => undefined);
    client.removeListener('error', onError);
    client.release();
  };
  let silence: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      client.query(channels.map((channel) => `LISTEN ${channel}`).join('; ')),
      new Promise<never>((_, reject) => {
        silence = setTimeout(() => reject(new Error(`LISTEN did not answer within ${timeoutMs} ms`)), timeoutMs);
      }),
    ]);
  } catch (error) {
    // Destroyed, not kept: with a query in flight, ending the client destroys its socket.
    await end(error instanceof Error ? error : true);
    throw error;
  } finally {
    clearTimeout(silence);
  }
  listening = true;
  return { client, end };
}
