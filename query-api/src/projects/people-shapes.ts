import type { PersonInWords } from './people.js';
import type { internalProject } from './project-shapes.js';

/** A staff list entry with the owner named: `user` stays the id (for links), the name is for reading. */
export function withCustomer<T extends { user: string }>(summary: T, owner: PersonInWords) {
  return { ...summary, user_name: owner.name, user_email: owner.email, user_in_words: owner.in_words };
}

/** The staff detail with every activity line's and note's author named (ids stay beside them). */
export function internalProjectInWords(project: ReturnType<typeof internalProject>, person: (id: string) => PersonInWords) {
  const activity = project.activity.map((entry) => ({ ...entry, actor_in_words: person(entry.actor).in_words }));
  return {
    ...project,
    events: activity,
    activity,
    staff_notes: project.staff_notes.map((note) => ({ ...note, author_in_words: person(note.author).in_words })),
  };
}
