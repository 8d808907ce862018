import { describe, expect, it } from 'vitest';
import { recordSessionWrite, SESSION_WRITES_KEPT, sessionWritesOf, type SessionWrite } from './session-writes.js';

describe('session writes', () => {
  it('lists nothing for a session that wrote nothing, or no session at all', () => {
    expect(sessionWritesOf({})).toEqual([]);
    expect(sessionWritesOf(undefined)).toEqual([]);
  });

  it('keeps the highest revision of each stream', () => {
    const session: { writes?: Record<string, SessionWrite> } = {};
    recordSessionWrite(session, 'project-a', 3, 1000);
    recordSessionWrite(session, 'project-b', 0, 1001);
    recordSessionWrite(session, 'project-a', 2, 1002);
    expect(sessionWritesOf(session)).toEqual(
      expect.arrayContaining([
        { streamId: 'project-a', revision: 3 },
        { streamId: 'project-b', revision: 0 },
      ]),
    );
    expect(sessionWritesOf(session)).toHaveLength(2);
  });

  it(`remembers the ${SESSION_WRITES_KEPT} most recently written streams`, () => {
    const session: { writes?: Record<string, SessionWrite> } = {};
    for (let n = 0; n < SESSION_WRITES_KEPT + 5; n++) recordSessionWrite(session, `project-${n}`, n, 1000 + n);
    const streams = sessionWritesOf(session).map((write) => write.streamId);
    expect(streams).toHaveLength(SESSION_WRITES_KEPT);
    expect(streams).not.toContain('project-4');
    expect(streams).toContain('project-5');
    expect(streams).toContain(`project-${SESSION_WRITES_KEPT + 4}`);
  });

  it('reads notes stored as objects before decision 0460, and writes them back as pairs', () => {
    const session = { writes: { 'project-a': { revision: 4, at: 1000 } } } as unknown as { writes?: Record<string, SessionWrite> };
    expect(sessionWritesOf(session)).toEqual([{ streamId: 'project-a', revision: 4 }]);
    recordSessionWrite(session, 'project-a', 2, 1001);
    recordSessionWrite(session, 'project-b', 0, 1002);
    expect(session.writes).toEqual({ 'project-a': [4, 1001], 'project-b': [0, 1002] });
  });
});
