import { createHash } from 'node:crypto';
import type session from 'express-session';
import { keepListening, type Listener, type ListenerOptions } from '../postgres/listen-connection.js';
import type { Pool } from '../postgres/pool.js';
import { SessionStore } from './session-store.js';

/**
 * The http_sessions trigger says which session was deleted (`sid`) or updated (`sid md5`, the md5
 * of what the row now holds; migrations 1700000220000 and 1700000352610).
 */
const CHANNEL = 'http_sessions_changed';
type Callback = (err?: unknown, session?: session.SessionData | null) => void;

/**
 * Keeps the sessions this process read for a few seconds, so a logged-in user's requests do not
 * each cost a PostgreSQL round trip (decision 0221). Correctness does not rest on the TTL: a
 * trigger notifies every process when a session row is deleted (log-out, erasure, pruning) or its
 * contents change, and each drops its copy. While the LISTEN connection is down the cache is off;
 * one that dies silently (half-open TCP) is found by a periodic cheap query on it (listener-heartbeat.ts).
 *
 * A session this process saves is kept as saved (decision 0261): the save returns the row as
 * stored, notes merged, and its own notice, which names the same contents, is no change. A notice
 * naming other contents after the save's own (notices come in commit order) is a later write
 * elsewhere: the copy is dropped, or not kept when it came before the save returned.
 */
export class CachedSessionStore extends SessionStore {
  private readonly cached = new Map<string, { json: string; until: number; md5?: string }>();
  /** The latest save in flight per session, with the contents notices named meanwhile, in order. */
  private readonly saving = new Map<string, { notices: string[] }>();
  private started: Promise<Listener> | null = null;
  /** Whether notices are heard: only then is anything kept. */
  private listening = false;
  /** Moves on every invalidation: a read that started before one must not be cached. */
  private epoch = 0;

  constructor(
    private readonly listenPool: Pool,
    options: { tableName: string; pruneSessionInterval: number | false },
    private readonly ttlMs = 5_000,
    /** The LISTEN connection's heartbeat (also the time a LISTEN may take), and the wait before listening again. */
    private readonly listenerOptions: ListenerOptions = {},
  ) {
    super({ pool: listenPool, ...options });
  }

  /**
   * Starts listening; until it does (or while it is down: keepListening listens again) every get
   * reads PostgreSQL and nothing is kept.
   */
  async listen(): Promise<void> {
    if (this.started) return;
    this.started = keepListening(
      this.listenPool,
      [CHANNEL],
      {
        notice: (message) => this.noticed(message.payload ?? ''),
        connected: () => {
          this.forgetAll();
          this.listening = true;
        },
        lost: () => {
          this.listening = false;
          this.forgetAll();
        },
      },
      { retryMs: 5_000, ...this.listenerOptions },
    );
    await this.started;
  }

  /** Stops listening and caching (and the base store's pruning timer). */
  async stopListening(): Promise<void> {
    this.close();
    const started = this.started;
    this.listening = false;
    this.forgetAll();
    await (await started)?.stop();
    this.listening = false;
  }

  override get(sid: string, callback: Callback): void {
    const hit = this.cached.get(sid);
    if (hit && hit.until > Date.now() && this.listening) {
      callback(null, JSON.parse(hit.json) as session.SessionData);
      return;
    }
    const epoch = this.epoch;
    super.get(sid, (err?: unknown, sess?: session.SessionData | null) => {
      if (!err && sess && this.listening && epoch === this.epoch) this.remember(sid, sess);
      callback(err, sess);
    });
  }

  override set(sid: string, sess: session.SessionData, callback?: (err?: unknown) => void): void {
    this.forget(sid);
    const save = { notices: [] as string[] };
    this.saving.set(sid, save);
    this.save(sid, sess).then(
      (row) => {
        if (row) this.saved(sid, save, row.stored, row.inserted);
        else this.ended(sid, save);
        callback?.();
      },
      (error: unknown) => {
        if (this.saving.get(sid) === save) this.saving.delete(sid);
        this.forget(sid);
        callback?.(error);
      },
    );
  }

  override destroy(sid: string, callback?: (err?: unknown) => void): void {
    this.saving.delete(sid);
    this.forget(sid);
    super.destroy(sid, callback);
  }

  /**
   * Keeps what a save stored when nothing can have changed it since: no later save of this
   * session started here, and no notice after this save's own named other contents. Every update
   * of the row sends a notice, in commit order: until an update's own has come, every notice that
   * came was of an earlier write. A new row sends none, and had no earlier writes: any notice is later.
   */
  private saved(sid: string, save: { notices: string[] }, stored: string, inserted: boolean): void {
    if (this.saving.get(sid) !== save) return;
    this.saving.delete(sid);
    // Forgotten again once written: a read that raced the write must not keep what it read.
    this.forget(sid);
    const md5 = createHash('md5').update(stored).digest('hex');
    const own = save.notices.indexOf(md5);
    const laterWrite = inserted ? save.notices.length > 0 : own >= 0 && save.notices.slice(own).some((notice) => notice !== md5);
    if (!this.listening || laterWrite) return;
    this.keep(sid, stored, md5);
  }

  /** The session's row was deleted before its save (log-out elsewhere): nothing was saved, nothing is kept. */
  private ended(sid: string, save: { notices: string[] }): void {
    if (this.saving.get(sid) === save) this.saving.delete(sid);
    this.forget(sid);
  }

  /** A notice: a deleted session, or an updated one (the copy is dropped unless it holds what the row now holds). */
  private noticed(payload: string): void {
    const [sid = '', md5] = payload.split(' ');
    if (md5 === undefined) this.saving.delete(sid);
    else this.saving.get(sid)?.notices.push(md5);
    if (md5 !== undefined && this.cached.get(sid)?.md5 === md5) return;
    this.forget(sid);
  }

  private forget(sid: string): void {
    this.epoch++;
    this.cached.delete(sid);
  }

  private remember(sid: string, sess: session.SessionData): void {
    // Kept as text: express-session mutates the object it is given.
    this.keep(sid, JSON.stringify(sess));
  }

  private keep(sid: string, json: string, md5?: string): void {
    const now = Date.now();
    if (this.cached.size > 50_000) for (const [key, entry] of this.cached) if (entry.until <= now) this.cached.delete(key);
    this.cached.set(sid, { json, until: now + this.ttlMs, ...(md5 ? { md5 } : {}) });
  }

  /** Nothing kept, and no read or save under way keeps what it has: notices may have been missed. */
  private forgetAll(): void {
    this.epoch++;
    this.cached.clear();
    this.saving.clear();
  }
}
