import { createHash } from 'node:crypto';
import session, { type SessionData } from 'express-session';
import { keepListening, type Listener, type ListenerOptions, type Pool } from '@shop/infra';
import { SESSION_WRITES_KEPT } from './session-writes.js';

/**
 * The http_sessions trigger says which session was deleted (`sid`) or updated (`sid md5`, the md5
 * of what the row now holds; migrations 1700000220000 and 1700000352610).
 */
const CHANNEL = 'http_sessions_changed';
const ONE_DAY_S = 24 * 60 * 60;
type Callback = (err?: unknown, session?: SessionData | null) => void;

/** What a log-in checked: the user's stored password hash it verified the password against. */
export interface CheckedCredentials {
  userId: string;
  passwordHash: string;
}

/** A log-in's session was not stored: the password it checked changed, or the account was erased, meanwhile. */
export class CredentialsChangedError extends Error {
  constructor() {
    super('The credentials a log-in checked changed before its session was stored.');
    this.name = 'CredentialsChangedError';
  }
}

export interface SessionStoreOptions {
  /** How long a session read or saved here is answered from memory (only while its changes are heard). */
  cacheMs?: number;
  /** A session's expiry is written at most this often per process (a read moves it). */
  touchEveryMs?: number;
  /** How often expired rows are deleted; false: never (tests). */
  pruneEveryMs?: number | false;
  /** The LISTEN that revokes cached sessions (keepListening's options). */
  listener?: ListenerOptions;
}

/**
 * The one store of sessions (decision 0410): rows of `http_sessions` (`sid`, the session as JSON,
 * `expire`), read, saved, touched and deleted here for express-session, with a short cache in front.
 *
 * Saving:
 * - merges the session's `writes` (session-writes.ts) with the stored ones instead of overwriting
 *   them: two requests of one session writing at once (two tabs) would otherwise keep only the
 *   last one's note, and a read could miss the other's write. One statement, newest streams kept.
 * - a session that is in the table (loaded from it, or saved once) is only ever UPDATEd, never
 *   inserted again: a log-out, password change or erasure that deleted the row while a request of
 *   that session was in flight stays done when the request saves (decision 0256).
 * - a log-in's new session is inserted only while the password it checked is still the user's
 *   (decision 0270): a password change, reset or erasure between the check and the insert ends it.
 *
 * Touch is throttled: a session's expiry is written at most once per `touchEveryMs` per process
 * (the two-week expiry makes minutes of slack irrelevant), not once per request.
 *
 * The cache (decisions 0221, 0261), on only once `listen` ran and while its LISTEN is in place:
 * a session read or saved here is answered from memory for `cacheMs`. Correctness does not rest on
 * that time: a trigger notifies every process when a row is deleted (log-out, erasure, password
 * change, pruning) or its contents change, and each drops its copy; while nobody listens nothing
 * is kept (keepListening, decision 0411). A save keeps the row as stored, notes merged; its own
 * notice names the same contents and is no change. A notice naming other contents after the
 * save's own (notices come in commit order) is a later write elsewhere: the copy is dropped.
 */
export class SessionStore extends session.Store {
  private readonly cached = new Map<string, { json: string; until: number; md5?: string }>();
  /** The latest save in flight per session, with the contents notices named meanwhile, in order. */
  private readonly saving = new Map<string, { notices: string[] }>();
  /** Moves on every invalidation: a read that started before one must not be cached. */
  private epoch = 0;
  private listener: Promise<Listener> | null = null;
  /** Whether changes of sessions are heard: only then is anything kept. */
  private hearing = false;
  private readonly lastTouch = new Map<string, number>();
  private readonly pruning: NodeJS.Timeout | undefined;
  /** Session objects known to have a row: the row is theirs to update, not to create again. */
  private readonly stored = new WeakSet<object>();
  /** The notes of writes each session object's row held when loaded or last saved (see `mergingUpdate`). */
  private readonly rowWrites = new WeakMap<object, SessionData['writes'] | null>();
  /** New sessions of a log-in, with the credentials it checked: inserted only while those still hold. */
  private readonly logIns = new WeakMap<object, CheckedCredentials>();

  constructor(
    private readonly pool: Pool,
    private readonly options: SessionStoreOptions = {},
  ) {
    super();
    const pruneEveryMs = options.pruneEveryMs ?? 15 * 60_000;
    if (pruneEveryMs !== false) {
      this.pruning = setInterval(() => void this.prune(), pruneEveryMs);
      this.pruning.unref();
    }
  }

  /** Starts caching: only a process where every session write happens may (decision 0221). */
  async listen(): Promise<void> {
    if (this.listener) return;
    this.listener = keepListening(
      this.pool,
      [CHANNEL],
      {
        notice: (message) => this.noticed(message.payload ?? ''),
        connected: () => {
          this.forgetAll();
          this.hearing = true;
        },
        lost: () => {
          this.hearing = false;
          this.forgetAll();
        },
      },
      { retryMs: 5_000, ...this.options.listener },
    );
    await this.listener;
  }

  /** Stops caching, listening and pruning. */
  async close(): Promise<void> {
    clearInterval(this.pruning);
    const listener = this.listener;
    this.hearing = false;
    this.forgetAll();
    await (await listener)?.stop();
    this.hearing = false;
  }

  override get(sid: string, callback: Callback): void {
    const hit = this.cached.get(sid);
    if (hit && hit.until > Date.now() && this.hearing) {
      callback(null, JSON.parse(hit.json) as SessionData);
      return;
    }
    const epoch = this.epoch;
    this.pool.query<{ sess: SessionData }>('SELECT sess FROM http_sessions WHERE sid = $1 AND expire >= now()', [sid]).then(
      ({ rows }) => {
        const sess = rows[0]?.sess ?? null;
        // Kept as text: express-session changes the object it is given.
        if (sess && this.hearing && epoch === this.epoch) this.keep(sid, JSON.stringify(sess));
        callback(null, sess);
      },
      (error: unknown) => callback(error),
    );
  }

  override set(sid: string, sess: SessionData, callback?: (err?: unknown) => void): void {
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
    this.pool.query('DELETE FROM http_sessions WHERE sid = $1', [sid]).then(
      () => callback?.(),
      (error: unknown) => callback?.(error),
    );
  }

  override touch(sid: string, sess: SessionData, callback?: (err?: unknown) => void): void {
    const now = Date.now();
    const every = this.options.touchEveryMs ?? 5 * 60_000;
    const last = this.lastTouch.get(sid);
    if (last !== undefined && now - last < every) {
      callback?.();
      return;
    }
    if (this.lastTouch.size > 100_000) for (const [known, at] of this.lastTouch) if (at < now - every) this.lastTouch.delete(known);
    this.lastTouch.set(sid, now);
    this.pool.query('UPDATE http_sessions SET expire = to_timestamp($1) WHERE sid = $2', [expiryOf(sess), sid]).then(
      () => callback?.(),
      (error: unknown) => callback?.(error),
    );
  }

  /** A session express-session made from a stored row: marked as having one. */
  override createSession(req: Parameters<session.Store['createSession']>[0], data: SessionData): session.Session & SessionData {
    const loaded = super.createSession(req, data);
    this.stored.add(loaded);
    // The object itself: notes are only ever replaced, never changed in place (session-writes.ts).
    this.rowWrites.set(loaded, data.writes ?? null);
    return loaded;
  }

  /** The session `sess`, new, is a log-in that checked these credentials: its insert is refused once they changed. */
  provenBy(sess: SessionData, checked: CheckedCredentials): void {
    this.logIns.set(sess, checked);
  }

  /**
   * Saves the session (merging its notes): the row's text as stored, merge included, and whether
   * the row is new; null when the session had a row and it is gone (ended meanwhile: not saved).
   */
  private async save(sid: string, sess: SessionData): Promise<{ stored: string; inserted: boolean } | null> {
    const checked = this.stored.has(sess) ? undefined : this.logIns.get(sess);
    const statement = this.stored.has(sess) ? MERGING_UPDATE : mergingUpsert(checked ? CHECKED_ROW : NEW_ROW);
    const extra = this.stored.has(sess) ? [JSON.stringify(this.rowWrites.get(sess) ?? null)] : checked ? [checked.userId, checked.passwordHash] : [];
    const values = [sid, JSON.stringify(sess), expiryOf(sess), SESSION_WRITES_KEPT, ...extra];
    const { rows } = await this.pool.query<{ sess: string; inserted: boolean }>(statement, values);
    const row = rows[0];
    if (!row && checked) throw new CredentialsChangedError();
    if (!row) return null;
    this.stored.add(sess);
    // What the row holds now, unless the save merged in notes of another request (then the next save merges).
    this.rowWrites.set(sess, sess.writes ?? null);
    return { stored: row.sess, inserted: row.inserted };
  }

  private async prune(): Promise<void> {
    await this.pool.query('DELETE FROM http_sessions WHERE expire < now()').catch(() => undefined);
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
    if (!this.hearing || laterWrite) return;
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

  /** Nothing kept, and no read or save under way keeps what it has: notices may have been missed. */
  private forgetAll(): void {
    this.epoch++;
    this.cached.clear();
    this.saving.clear();
  }

  private keep(sid: string, json: string, md5?: string): void {
    const now = Date.now();
    if (this.cached.size > 50_000) for (const [key, entry] of this.cached) if (entry.until <= now) this.cached.delete(key);
    this.cached.set(sid, { json, until: now + (this.options.cacheMs ?? 5_000), ...(md5 ? { md5 } : {}) });
  }
}

/** When the row expires (seconds since the epoch): with its cookie, else in a day. */
const expiryOf = (sess: SessionData) => (sess.cookie?.expires ? Math.ceil(new Date(sess.cookie.expires).getTime() / 1000) : Math.ceil(Date.now() / 1000) + ONE_DAY_S);

/** A note's revision and time: `[revision, at]`, or `{revision, at}` in a session stored before decision 0460. */
const noteRevision = `coalesce(value ->> 0, value ->> 'revision')::bigint`;
const noteTime = `coalesce(value ->> 1, value ->> 'at')::bigint`;

/**
 * The stored session `old` replaced by `fresh` (both jsonb) with `writes` merged: per stream the
 * note with the higher revision, then the `$4` most recently written streams.
 */
const merged = (old: string, fresh: string, freshJson: string) => `CASE
    WHEN ${old} ? 'writes' THEN jsonb_set(${fresh}, '{writes}', (
      SELECT coalesce(jsonb_object_agg(key, value), '{}'::jsonb) FROM (
        SELECT key, value FROM (
          SELECT DISTINCT ON (key) key, value FROM (
            SELECT key, value FROM jsonb_each(${old} -> 'writes')
            UNION ALL
            SELECT key, value FROM jsonb_each(coalesce(${fresh} -> 'writes', '{}'::jsonb))
          ) AS entries ORDER BY key, ${noteRevision} DESC
        ) AS newest ORDER BY ${noteTime} DESC LIMIT $4
      ) AS kept))::json
    ELSE ${freshJson} END`;

/** The row a new session inserts. */
const NEW_ROW = 'VALUES ($1, $2::json, to_timestamp($3))';

/**
 * The row a log-in's new session inserts: none unless the user's credentials still hold the
 * password hash the log-in checked. FOR SHARE waits for a password change or erasure under way
 * (and then sees its outcome), and makes one that starts now wait for this insert to commit: its
 * deletion of the user's sessions, which follows its change of the credentials, then finds this one.
 */
const CHECKED_ROW = `SELECT $1, $2::json, to_timestamp($3) FROM account_credentials WHERE user_id = $5 AND password_hash = $6 FOR SHARE`;

/**
 * Insert, or replace the stored session by this one with `writes` merged. The row lock the
 * conflict takes makes concurrent saves of one session apply one after the other.
 */
const mergingUpsert = (row: string) => `
  INSERT INTO http_sessions (sid, sess, expire) ${row}
  ON CONFLICT (sid) DO UPDATE SET expire = EXCLUDED.expire,
  sess = ${merged('http_sessions.sess::jsonb', 'EXCLUDED.sess::jsonb', 'EXCLUDED.sess')}
  RETURNING sess::text AS sess, (xmax = 0) AS inserted`;

/**
 * Replace the stored session by this one with `writes` merged, if it still has a row: no row, no
 * save. When the row's notes are still the ones this session loaded (`$5`, as jsonb: no other
 * request of the session saved since), this session's notes are those plus its own, the newest
 * kept: the merge would give them back unchanged, so they are stored as sent (issue 34).
 *
 * It commits without waiting for the WAL flush (decision 0294): a stored session's update only
 * adds notes of writes or moves the expiry (a log-in inserts a new row, a log-out deletes it, both
 * flushed as before), and the trigger's NOTIFY holds PostgreSQL's notify lock through the commit,
 * so a flush inside it queued every other notifying commit behind this one's fsync.
 * `set_config(..., true)` lasts until this statement's own commit; the scalar subquery makes PostgreSQL run it.
 */
const MERGING_UPDATE = `
  WITH unflushed AS (SELECT set_config('synchronous_commit', 'off', true))
  UPDATE http_sessions SET expire = to_timestamp($3),
  sess = CASE WHEN http_sessions.sess::jsonb -> 'writes' = $5::jsonb THEN $2::text::json
    ELSE ${merged('http_sessions.sess::jsonb', '$2::text::jsonb', '$2::text::json')} END
  WHERE sid = $1 AND (SELECT true FROM unflushed)
  RETURNING sess::text AS sess, false AS inserted`;
