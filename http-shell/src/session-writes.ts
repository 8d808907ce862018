import type { SessionData } from 'express-session';

/**
 * Session consistency (docs/decisions/0210): every append a session's request makes is noted in
 * that session, stream by stream, so that its later reads, from any query-api process and any
 * tab or client holding the same session cookie, can wait until the read models have applied it.
 */

/**
 * The revision an append of this session reached on one stream, and when (ms since the epoch), as
 * a pair (decision 0460): express-session serialises and hashes the whole session several times
 * per request, so a note's own keys would cost as much as its values.
 */
export type SessionWrite = [revision: number, at: number];

/** How sessions stored before decision 0460 hold a note; read, never written (they expire in two weeks). */
interface OlderSessionWrite {
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

const revisionOf = (note: SessionWrite | OlderSessionWrite): number => (Array.isArray(note) ? note[0] : note.revision);
const timeOf = (note: SessionWrite | OlderSessionWrite): number => (Array.isArray(note) ? note[1] : note.at);

/** Notes that this session's request appended `streamId` up to `revision`. */
export function recordSessionWrite(session: SessionWrites, streamId: string, revision: number, at: number): void {
  const writes: Record<string, SessionWrite | OlderSessionWrite> = { ...session.writes };
  const known = writes[streamId];
  writes[streamId] = [Math.max(revision, known ? revisionOf(known) : -1), at];
  const notes = Object.entries(writes).map(([stream, note]): [string, SessionWrite] => [stream, [revisionOf(note), timeOf(note)]]);
  // Sorted only when one must go: the store merges by revision and keeps the newest by time itself.
  const kept = notes.length <= SESSION_WRITES_KEPT ? notes : notes.sort(([, a], [, b]) => b[1] - a[1]).slice(0, SESSION_WRITES_KEPT);
  session.writes = Object.fromEntries(kept);
}

/** The streams and revisions this session wrote; empty for a session that wrote nothing (or none at all). */
export function sessionWritesOf(session: SessionWrites | undefined): ReadonlyArray<{ streamId: string; revision: number }> {
  const writes = session?.writes as Record<string, SessionWrite | OlderSessionWrite> | undefined;
  if (!writes) return [];
  return Object.entries(writes).map(([streamId, note]) => ({ streamId, revision: revisionOf(note) }));
}
