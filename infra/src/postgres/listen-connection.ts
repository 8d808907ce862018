import type pg from 'pg';
import { watchListener, type ListenerHeartbeatOptions } from './listener-heartbeat.js';
import type { Pool, PoolClient } from './pool.js';

/** What a caller of `keepListening` is told. */
export interface ListenerEvents {
  /** A NOTIFY on one of the channels. */
  notice: (message: pg.Notification) => void;
  /**
   * LISTEN is in place (`again`: not at the first attempt; a connection was lost or a LISTEN failed before). Notices sent
   * while nobody listened are lost for good: this is where the caller catches up on what they
   * would have said (reads positions again, starts caching again).
   */
  connected: (again: boolean) => void;
  /**
   * Nobody listens now (the connection was lost, or a LISTEN failed): notices will be missed
   * until `connected` comes. Caches that rest on the notices stop trusting themselves here.
   * It may come several times in a row (each failed attempt).
   */
  lost: (error: Error) => void;
}

export interface ListenerOptions {
  /** How the held connection is checked for a silent death; its timeout is also the longest a LISTEN may take. */
  heartbeat?: ListenerHeartbeatOptions;
  /** The first wait before listening again; each failure in a row doubles it, up to `maxRetryMs`. */
  retryMs?: number;
  maxRetryMs?: number;
}

/** A LISTEN kept in place by `keepListening`. */
export interface Listener {
  /** Whether a LISTEN is in place now. */
  readonly connected: boolean;
  /** Stops listening for good and gives the connection back. */
  stop: () => Promise<void>;
}

/**
 * LISTENs on `channels` on a connection of its own, and keeps doing so: a LISTEN that fails or
 * hangs, a connection the server ends (a restart, a terminated backend) or one that goes silent
 * (half-open TCP, found by the heartbeat) is given up destroyed, never held, and listened again
 * on a new connection after a wait that grows while the failures go on. The one place every
 * listener of the shop (the session cache, personal-data keys, the event store's subscribers,
 * the live change feed) gets this from. Resolves after the first attempt, whatever it gave; a
 * failed one goes on in the background.
 */
export async function keepListening(pool: Pool, channels: readonly string[], events: ListenerEvents, options: ListenerOptions = {}): Promise<Listener> {
  const listener = new KeptListener(pool, channels, events, options);
  await listener.attempt();
  return listener;
}

class KeptListener implements Listener {
  private held: Listening | null = null;
  private stopHeartbeat: () => void = () => undefined;
  private stopped = false;
  private failures = 0;
  private tried = false;
  private retry: NodeJS.Timeout | undefined;

  constructor(
    private readonly pool: Pool,
    private readonly channels: readonly string[],
    private readonly events: ListenerEvents,
    private readonly options: ListenerOptions,
  ) {}

  get connected(): boolean {
    return this.held !== null;
  }

  async attempt(): Promise<void> {
    if (this.stopped) return;
    const again = this.tried;
    this.tried = true;
    let listening: Listening | undefined;
    try {
      listening = await listenOn(
        this.pool,
        this.channels,
        // Only heard after the LISTEN answered, so once `listening` is set.
        { notice: this.events.notice, lost: (error) => listening && this.lost(listening, error) },
        this.options.heartbeat?.timeoutMs,
      );
    } catch (error) {
      this.events.lost(asError(error));
      this.later();
      return;
    }
    // Stopped while the LISTEN was under way: nobody else would end it.
    if (this.stopped) return listening.end();
    this.held = listening;
    this.failures = 0;
    const held = listening;
    this.stopHeartbeat = watchListener(held.client, (error) => this.lost(held, error), this.options.heartbeat);
    this.events.connected(again);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.retry);
    this.stopHeartbeat();
    const held = this.held;
    this.held = null;
    await held?.end();
  }

  private lost(listening: Listening, error: Error): void {
    if (this.held !== listening) return;
    this.held = null;
    this.stopHeartbeat();
    void listening.end(error);
    this.events.lost(error);
    this.later();
  }

  private later(): void {
    if (this.stopped) return;
    const first = this.options.retryMs ?? 1_000;
    const wait = Math.min(first * 2 ** this.failures, this.options.maxRetryMs ?? 30_000);
    this.failures++;
    this.retry = setTimeout(() => void this.attempt(), wait);
    this.retry.unref();
  }
}

const asError = (error: unknown) => (error instanceof Error ? error : new Error(String(error)));

interface ListenHandlers {
  notice: (message: pg.Notification) => void;
  /** The connection failed after LISTEN succeeded (the caller ends it: no more notices will come). */
  lost: (error: Error) => void;
}

/** A pooled connection LISTENing, held until `end`. */
interface Listening {
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
async function listenOn(pool: Pool, channels: readonly string[], handlers: ListenHandlers, timeoutMs = 10_000): Promise<Listening> {
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
