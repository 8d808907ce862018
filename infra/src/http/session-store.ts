import connectPgSimple from 'connect-pg-simple';
import session from 'express-session';
import type { Pool } from '../postgres/pool.js';
import { SESSION_WRITES_KEPT } from './session-writes.js';

const PgStore = connectPgSimple(session);
type PgStoreOptions = ConstructorParameters<typeof PgStore>[0] & { pool: Pool; tableName: string };

const ONE_DAY_S = 24 * 60 * 60;

/**
 * Sessions in PostgreSQL (connect-pg-simple), with two changes:
 *
 * - Touch is throttled. connect-pg-simple writes a rolling session's expiry on every request: a
 *   database write per read. Each process touches a session at most once per interval; the
 *   two-week expiry makes minutes of slack irrelevant.
 * - Saving merges the session's `writes` (session-writes.ts) with the stored ones instead of
 *   overwriting them. express-session saves the whole session a request loaded, so two requests
 *   of one session writing at once (two tabs, two clients sharing the cookie) would otherwise
 *   keep only the last one's note, and a read could miss the other's write. The merge keeps each
 *   stream's highest revision and the most recent streams, in the same one statement.
 */
export class SessionStore extends PgStore {
  private readonly lastTouch = new Map<string, number>();
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

  /** Saves the session (merging its notes): the row's text as stored, merge included, and whether the row is new. */
  protected async save(sid: string, sess: session.SessionData): Promise<{ stored: string; inserted: boolean }> {
    const expires = sess.cookie?.expires ? Math.ceil(new Date(sess.cookie.expires).getTime() / 1000) : Math.ceil(Date.now() / 1000) + ONE_DAY_S;
    const { rows } = await this.pool.query<{ sess: string; inserted: boolean }>(mergingUpsert(this.table), [sid, JSON.stringify(sess), expires, SESSION_WRITES_KEPT]);
    return { stored: rows[0]!.sess, inserted: rows[0]!.inserted };
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
 * Insert, or replace the stored session by this one with `writes` merged: per stream the entry
 * with the higher revision, then the `$4` most recently written streams. The row lock the
 * conflict takes makes concurrent saves of one session apply one after the other.
 */
const mergingUpsert = (table: string) => `
  INSERT INTO ${table} (sid, sess, expire) VALUES ($1, $2::json, to_timestamp($3))
  ON CONFLICT (sid) DO UPDATE SET expire = EXCLUDED.expire, sess = CASE
    WHEN ${table}.sess::jsonb ? 'writes' THEN jsonb_set(EXCLUDED.sess::jsonb, '{writes}', (
      SELECT coalesce(jsonb_object_agg(key, value), '{}'::jsonb) FROM (
        SELECT key, value FROM (
          SELECT DISTINCT ON (key) key, value FROM (
            SELECT key, value FROM jsonb_each(${table}.sess::jsonb -> 'writes')
            UNION ALL
            SELECT key, value FROM jsonb_each(coalesce(EXCLUDED.sess::jsonb -> 'writes', '{}'::jsonb))
          ) AS entries ORDER BY key, (value ->> 'revision')::bigint DESC
        ) AS newest ORDER BY (value ->> 'at')::bigint DESC LIMIT $4
      ) AS kept))::json
    ELSE EXCLUDED.sess END
  RETURNING sess::text AS sess, (xmax = 0) AS inserted`;
