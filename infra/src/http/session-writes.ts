import type { SessionData } from 'express-session';

/**
 * Session consistency (docs/decisions/0210): every append a session's request makes is noted in
 * that session, stream by stream, so that its later reads, from any query-api process and any
 * tab or client holding the same session cookie, can wait until the read models have applied it.
 */

/** The revision an append of this session reached on one stream, and when (ms since the epoch). */
export interface SessionWrite {
  revision: number;
  at: number;
}

/**
 * How many streams a session remembers: the most recently written. Reads check them all, so the
 * bound keeps that check one small query; a stream left out was written long enough ago to be
 * projected (32 writes later, at two a second, is 16 seconds).
 */
export const SESSION_WRITES_KEPT = 32;

export type SessionWrites = Pick<Partial<SessionData>, 'writes'>;

/** Notes that this session's request appended `streamId` up to `revision`. */
export function recordSessionWrite(session: SessionWrites, streamId: string, revision: number, at: number): void {
  const writes = { ...session.writes };
  const known = writes[streamId];
  writes[streamId] = { revision: Math.max(revision, known?.revision ?? -1), at };
  // Sorted only when one must go: the store merges by revision and keeps the newest by `at` itself.
  if (Object.keys(writes).length <= SESSION_WRITES_KEPT) {
    session.writes = writes;
    return;
  }
  session.writes = Object.fromEntries(
    Object.entries(writes)
      .sort(([, a], [, b]) => b.at - a.at)
      .slice(0, SESSION_WRITES_KEPT),
  );
}

/** The streams and revisions this session wrote; empty for a session that wrote nothing (or none at all). */
export function sessionWritesOf(session: SessionWrites | undefined): ReadonlyArray<{ streamId: string; revision: number }> {
  const writes = session?.writes;
  if (!writes) return [];
  return Object.entries(writes).map(([streamId, write]) => ({ streamId, revision: write.revision }));
}
