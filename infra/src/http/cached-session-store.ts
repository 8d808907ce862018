import type session from 'express-session';
import type { Pool, PoolClient } from '../postgres/pool.js';
import { SessionStore } from './session-store.js';

/** The http_sessions trigger says which session was deleted or changed (migration 1700000220000). */
const CHANNEL = 'http_sessions_changed';
type Callback = (err?: unknown, session?: session.SessionData | null) => void;

/**
 * Keeps the sessions this process read for a few seconds, so a logged-in user's requests do not
 * each cost a PostgreSQL round trip (decision 0221). Correctness does not rest on the TTL: a
 * trigger notifies every process when a session row is deleted (log-out, erasure, pruning) or its
 * contents change, and each drops its copy. While the LISTEN connection is down the cache is off.
 */
export class CachedSessionStore extends SessionStore {
  private readonly cached = new Map<string, { json: string; until: number }>();
  private listener: PoolClient | null = null;
  private closed = false;
  private retry: NodeJS.Timeout | null = null;
  /** Moves on every invalidation: a read that started before one must not be cached. */
  private epoch = 0;

  constructor(
    private readonly listenPool: Pool,
    options: { tableName: string; pruneSessionInterval: number | false },
    private readonly ttlMs = 5_000,
  ) {
    super({ pool: listenPool, ...options });
  }

  /** Starts listening; until it does (or after it drops) every get reads PostgreSQL. */
  async listen(): Promise<void> {
    if (this.closed) return;
    try {
      const client = await this.listenPool.connect();
      client.on('notification', (message) => this.forget(message.payload ?? ''));
      client.on('error', () => this.lostListener(client));
      await client.query(`LISTEN ${CHANNEL}`);
      this.listener = client;
    } catch {
      this.retryListen();
    }
  }

  /** Stops listening and caching (and the base store's pruning timer). */
  async stopListening(): Promise<void> {
    this.close();
    this.closed = true;
    if (this.retry) clearTimeout(this.retry);
    const client = this.listener;
    this.listener = null;
    this.cached.clear();
    if (!client) return;
    await client.query(`UNLISTEN ${CHANNEL}`).catch(() => undefined);
    client.release();
  }

  override get(sid: string, callback: Callback): void {
    const hit = this.cached.get(sid);
    if (hit && hit.until > Date.now() && this.listener) {
      callback(null, JSON.parse(hit.json) as session.SessionData);
      return;
    }
    const epoch = this.epoch;
    super.get(sid, (err?: unknown, sess?: session.SessionData | null) => {
      if (!err && sess && this.listener && epoch === this.epoch) this.remember(sid, sess);
      callback(err, sess);
    });
  }

  override set(sid: string, sess: session.SessionData, callback?: (err?: unknown) => void): void {
    // Forgotten again once written: a read that raced the write must not keep what it read.
    this.forget(sid);
    super.set(sid, sess, (err?: unknown) => {
      this.forget(sid);
      callback?.(err);
    });
  }

  override destroy(sid: string, callback?: (err?: unknown) => void): void {
    this.forget(sid);
    super.destroy(sid, callback);
  }

  private forget(sid: string): void {
    this.epoch++;
    this.cached.delete(sid);
  }

  private remember(sid: string, sess: session.SessionData): void {
    const now = Date.now();
    if (this.cached.size > 50_000) for (const [key, entry] of this.cached) if (entry.until <= now) this.cached.delete(key);
    // Kept as text: express-session mutates the object it is given.
    this.cached.set(sid, { json: JSON.stringify(sess), until: now + this.ttlMs });
  }

  private lostListener(client: PoolClient): void {
    if (this.listener !== client) return;
    this.listener = null;
    this.cached.clear();
    client.release(true);
    this.retryListen();
  }

  private retryListen(): void {
    if (this.closed) return;
    this.retry = setTimeout(() => void this.listen(), 5_000);
    this.retry.unref();
  }
}
