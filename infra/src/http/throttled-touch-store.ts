import connectPgSimple from 'connect-pg-simple';
import session from 'express-session';

const PgStore = connectPgSimple(session);
type PgStoreOptions = ConstructorParameters<typeof PgStore>[0];

/**
 * connect-pg-simple writes the session's expiry on every request of a rolling session: a
 * database write per read. This store lets each process touch a session at most once per
 * interval; the two-week expiry makes minutes of slack irrelevant.
 */
export class ThrottledTouchStore extends PgStore {
  private readonly lastTouch = new Map<string, number>();

  constructor(
    options: PgStoreOptions,
    private readonly intervalMs = 5 * 60 * 1000,
  ) {
    super(options);
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
