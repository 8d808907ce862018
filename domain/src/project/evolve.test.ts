import { describe, expect, it } from 'vitest';
import type { ProjectEvent } from './events.js';
import { evolve } from './evolve.js';
import { initialProjectState, type ProjectStreamState } from './state.js';
import { created, draft, historyTo, staff } from './test-support/fixtures.js';

/** Freezes a value and everything in it: any write to it then throws (modules run in strict mode). */
function deepFreeze<V>(value: V): V {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}

const stamp = (at: string) => ({ at, by: staff.userId });
const savedDraft = (at: string) => ({
  name: 'Bedroom',
  category: null,
  fabrics: draft.fabrics,
  additional_notes: '',
  notes: {},
  shipping_notes: {},
  shipping_cost: 900,
  ...stamp(at),
});
/** Events beyond the state histories: notes, e-mails, and ones that change nothing but the stamp. */
const extras: ProjectEvent[] = [
  { type: 'DraftSaved', data: savedDraft('2024-03-28T09:00:00.000Z') },
  { type: 'NoteAdded', data: { noteId: 'n-1', text: 'Call first', ...stamp('2024-03-28T10:00:00.000Z') } },
  { type: 'NoteEdited', data: { noteId: 'n-1', text: 'Call after 5', ...stamp('2024-03-28T11:00:00.000Z') } },
  { type: 'EmailRequested', data: { emailId: 'e-1', kind: 'invoice', to: 'ann@example.com', message: 'Your invoice', ...stamp('2024-03-28T12:00:00.000Z') } },
  { type: 'EmailSent', data: { emailId: 'e-1', ...stamp('2024-03-28T12:01:00.000Z') } },
  { type: 'ReminderSent', data: { message: 'Any news?', ...stamp('2024-03-29T10:00:00.000Z') } },
  { type: 'NoteDeleted', data: { noteId: 'n-1', ...stamp('2024-03-30T10:00:00.000Z') } },
];

describe('evolve', () => {
  it('never changes the state it is given, and stamps every change on the new state', () => {
    const histories = [...Object.values(historyTo), [...historyTo.S, ...extras]];
    for (const history of histories) {
      let state: ProjectStreamState = initialProjectState();
      for (const event of history) {
        const before = deepFreeze(state);
        const text = JSON.stringify(before);
        state = evolve(before, deepFreeze(structuredClone(event)));
        expect(JSON.stringify(before)).toBe(text);
        if (state.status === 'existing' && before.status === 'existing') {
          expect(state.project).not.toBe(before.project);
          expect(state.project.updated).toBe(event.data.at);
        }
      }
    }
  });

  it('saves a draft as a project with the same fields in the same order (the json text a read model keeps)', () => {
    const start = evolve(initialProjectState(), created());
    const saved = evolve(start, { type: 'DraftSaved', data: savedDraft('2024-03-28T09:00:00.000Z') });
    if (start.status !== 'existing' || saved.status !== 'existing') throw new Error('expected a project');
    expect(Object.keys(saved.project)).toEqual(Object.keys(start.project));
    const { at: _at, by: _by, ...body } = savedDraft('2024-03-28T09:00:00.000Z');
    expect(saved.project).toEqual({ ...start.project, ...body, updated: '2024-03-28T09:00:00.000Z' });
  });
});
