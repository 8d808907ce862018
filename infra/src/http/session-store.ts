import connectPgSimple from 'connect-pg-simple';
import session, { type SessionData } from 'express-session';
import type { Pool } from '../postgres/pool.js';
import { SESSION_WRITES_KEPT } from './session-writes.js';

const PgStore = connectPgSimple(session);
type PgStoreOptions = ConstructorParameters<typeof PgStore>[0] & { pool: Pool; tableName: string };

const ONE_DAY_S = 24 * 60 * 60;

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

/**
 * Sessions in PostgreSQL (connect-pg-simple), with these changes:
 *
 * - Touch is throttled. connect-pg-simple writes a rolling session's expiry on every request: a
 *   database write per read. Each process touches a session at most once per interval; the
 *   two-week expiry makes minutes of slack irrelevant.
 * - Saving merges the session's `writes` (session-writes.ts) with the stored ones instead of
 *   overwriting them. express-session saves the whole session a request loaded, so two requests
 *   of one session writing at once (two tabs, two clients sharing the cookie) would otherwise
 *   keep only the last one's note, and a read could miss the other's write. The merge keeps each
 *   stream's highest revision and the most recent streams, in the same one statement.
 * - A session that is in the table (loaded from it, or saved once) is only ever UPDATEd, never
 *   inserted again: a log-out, password change or erasure that deleted the row while a request
 *   of that session was in flight stays done when the request saves (decision 0256). Only a
 *   brand-new session (a fresh random id nobody else holds) is inserted.
 * - A log-in's new session is inserted only while the password it checked is still the user's
 *   (decision 0270): a password change, reset or erasure that ended the user's sessions between the
 *   check and the insert would otherwise miss it.
 */
export class SessionStore extends PgStore {
  private readonly lastTouch = new Map<string, number>();
  /** Session objects known to have a row: the row is theirs to update, not to create again. */
  private readonly stored = new WeakSet<object>();
  /**
   * The notes of writes each session object's row held when it was loaded or last saved: a save
   * that finds them unchanged in the row has nothing to merge (see `mergingUpdate`).
   */
  private readonly rowWrites = new WeakMap<object, SessionData['writes'] | null>();
  /** New sessions of a log-in, with the credentials it checked: inserted only while those still hold. */
  private readonly logIns = new WeakMap<object, CheckedCredentials>();
  private readonly pool: Pool;
  private readonly table: string;

  constructor(
    options: PgStoreOptions,
    private readonly intervalMs = 5 * 60 * 1000,
  ) {
    super(options);
    this.pool = options.pool;
    this.table = `"${options.tableName}"`;
  }

  override set(sid: string, sess: session.SessionData, callback?: (err?: unknown) => void): void {
    this.save(sid, sess).then(
      () => callback?.(),
      (error: unknown) => callback?.(error),
    );
  }

  /** A session express-session (or `load`) made from a stored row: marked as having one. */
  override createSession(req: Parameters<session.Store['createSession']>[0], data: session.SessionData): session.Session & session.SessionData {
    const loaded = super.createSession(req, data);
    this.stored.add(loaded);
    // The object itself: notes are only ever replaced, never changed in place (session-writes.ts).
    this.rowWrites.set(loaded, data.writes ?? null);
    return loaded;
  }

  /** The session `sess`, new, is a log-in that checked these credentials: its insert is refused once they changed. */
  provenBy(sess: session.SessionData, checked: CheckedCredentials): void {
    this.logIns.set(sess, checked);
  }

  /**
   * Saves the session (merging its notes): the row's text as stored, merge included, and whether
   * the row is new; null when the session had a row and it is gone (ended meanwhile: not saved).
   */
  protected async save(sid: string, sess: session.SessionData): Promise<{ stored: string; inserted: boolean } | null> {
    const expires = sess.cookie?.expires ? Math.ceil(new Date(sess.cookie.expires).getTime() / 1000) : Math.ceil(Date.now() / 1000) + ONE_DAY_S;
    const checked = this.stored.has(sess) ? undefined : this.logIns.get(sess);
    const statement = this.stored.has(sess) ? mergingUpdate(this.table) : mergingUpsert(this.table, checked ? CHECKED_ROW : NEW_ROW);
    const extra = this.stored.has(sess) ? [JSON.stringify(this.rowWrites.get(sess) ?? null)] : checked ? [checked.userId, checked.passwordHash] : [];
    const values = [sid, JSON.stringify(sess), expires, SESSION_WRITES_KEPT, ...extra];
    const { rows } = await this.pool.query<{ sess: string; inserted: boolean }>(statement, values);
    const row = rows[0];
    if (!row && checked) throw new CredentialsChangedError();
    if (!row) return null;
    this.stored.add(sess);
    // What the row holds now, unless the save merged in notes of another request (then the next save merges).
    this.rowWrites.set(sess, sess.writes ?? null);
    return { stored: row.sess, inserted: row.inserted };
  }

  override touch(sid: string, sess: session.SessionData, callback?: (err?: unknown) => void): void {
    const now = Date.now();
    const last = this.lastTouch.get(sid);
    if (last !== undefined && now - last < this.intervalMs) {
      callback?.();
      return;
    }
    if (this.lastTouch.size > 100_000) this.forgetOlderThan(now - this.intervalMs);
    this.lastTouch.set(sid, now);
    super.touch(sid, sess, callback);
  }

  private forgetOlderThan(cutoff: number): void {
    for (const [sid, at] of this.lastTouch) if (at < cutoff) this.lastTouch.delete(sid);
  }
}

/**
 * The stored session `old` replaced by `fresh` (both jsonb) with `writes` merged: per stream the
 * entry with the higher revision, then the `$4` most recently written streams.
 */
const merged = (old: string, fresh: string, freshJson: string) => `CASE
    WHEN ${old} ? 'writes' THEN jsonb_set(${fresh}, '{writes}', (
      SELECT coalesce(jsonb_object_agg(key, value), '{}'::jsonb) FROM (
        SELECT key, value FROM (
          SELECT DISTINCT ON (key) key, value FROM (
            SELECT key, value FROM jsonb_each(${old} -> 'writes')
            UNION ALL
            SELECT key, value FROM jsonb_each(coalesce(${fresh} -> 'writes', '{}'::jsonb))
          ) AS entries ORDER BY key, (value ->> 'revision')::bigint DESC
        ) AS newest ORDER BY (value ->> 'at')::bigint DESC LIMIT $4
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
const mergingUpsert = (table: string, row: string) => `
  INSERT INTO ${table} (sid, sess, expire) ${row}
  ON CONFLICT (sid) DO UPDATE SET expire = EXCLUDED.expire,
  sess = ${merged(`${table}.sess::jsonb`, 'EXCLUDED.sess::jsonb', 'EXCLUDED.sess')}
  RETURNING sess::text AS sess, (xmax = 0) AS inserted`;

/**
 * Replace the stored session by this one with `writes` merged, if it still has a row: no row, no
 * save. When the row's notes are still the ones this session loaded (`$5`, as jsonb: no other
 * request of the session saved since), this session's notes are those plus its own, the newest
 * kept: the merge would give them back unchanged, so they are stored as sent. The merge cost the
 * server twice the rest of the update (issue 34: every project create saves its note).
 *
 * It commits without waiting for the WAL flush (decision 0294): a stored session's update only
 * adds notes of writes or moves the expiry (a log-in inserts a new row, a log-out deletes it, both
 * flushed as before), and the trigger's NOTIFY holds PostgreSQL's notify lock through the commit,
 * so a flush inside it queued every other notifying commit (the next session save, the projection
 * batch a read after a write waits for) behind this one's fsync. `set_config(..., true)` lasts
 * until this statement's own commit; the scalar subquery makes PostgreSQL run it.
 */
const mergingUpdate = (table: string) => `
  WITH unflushed AS (SELECT set_config('synchronous_commit', 'off', true))
  UPDATE ${table} SET expire = to_timestamp($3),
  sess = CASE WHEN ${table}.sess::jsonb -> 'writes' = $5::jsonb THEN $2::text::json
    ELSE ${merged(`${table}.sess::jsonb`, '$2::text::jsonb', '$2::text::json')} END
  WHERE sid = $1 AND (SELECT true FROM unflushed)
  RETURNING sess::text AS sess, false AS inserted`;
