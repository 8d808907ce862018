import { useId, useState } from 'react';
import { addNote, deleteNote, editNote, type InternalProject } from '../api/internal-projects';
import { dateTime, type Act } from './detail-helpers';
import { Panel } from './Panel';

/** Staff notes: add, edit, delete. */
export function NotesPanel({ project, busy, act }: { project: InternalProject; busy: boolean; act: Act }) {
  const uid = useId();
  const [text, setText] = useState('');
  const [editing, setEditing] = useState<{ id: string; text: string } | null>(null);
  return (
    <Panel title="Notes">
      {project.staff_notes.length === 0 && <p>No notes yet.</p>}
      <ul className="notes">
        {project.staff_notes.map((note) => (
          <li key={note.id}>
            {editing?.id === note.id ? (
              <form
                className="inline-form"
                onSubmit={(e) => {
                  e.preventDefault();
                  void act(() => editNote(project, note.id, editing.text), 'Note saved.').then((ok) => ok && setEditing(null));
                }}
              >
                <div className="field wide">
                  <label htmlFor={`${uid}-edit-${note.id}`}>Edit note</label>
                  <textarea id={`${uid}-edit-${note.id}`} rows={2} value={editing.text} onChange={(e) => setEditing({ id: note.id, text: e.target.value })} />
                </div>
                <button type="submit" disabled={busy || !editing.text.trim()}>
                  Save note
                </button>
                <button type="button" className="secondary" onClick={() => setEditing(null)}>
                  Cancel
                </button>
              </form>
            ) : (
              <>
                <p className="note-text">{note.text}</p>
                <p className="field-hint">
                  {note.author_in_words} · {dateTime(note.created)}
                  {note.updated ? ` · edited ${dateTime(note.updated)}` : ''}
                </p>
                <button type="button" className="link-button" onClick={() => setEditing({ id: note.id, text: note.text })}>
                  Edit
                </button>{' '}
                <button type="button" className="link-button" disabled={busy} onClick={() => void act(() => deleteNote(project, note.id), 'Note deleted.')}>
                  Delete
                </button>
              </>
            )}
          </li>
        ))}
      </ul>
      <form
        className="inline-form"
        onSubmit={(e) => {
          e.preventDefault();
          void act(() => addNote(project, text.trim()), 'Note added.').then((ok) => ok && setText(''));
        }}
      >
        <div className="field wide">
          <label htmlFor={`${uid}-note`}>New note</label>
          <textarea id={`${uid}-note`} rows={2} value={text} onChange={(e) => setText(e.target.value)} />
        </div>
        <button type="submit" disabled={busy || !text.trim()}>
          Add note
        </button>
      </form>
    </Panel>
  );
}
