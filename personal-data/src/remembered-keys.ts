import { personalFields } from '@shop/domain';
import type { DataKey, PersonalDataKeys } from './personal-data-keys.js';
import type { KeyReader } from './personal-data-protector.js';

/**
 * Subjects and keys as one reader of the log has looked them up, for a read from start to end
 * (the one-pass rebuild): each stream's subject and key is looked up once, a page of streams in
 * one round trip (`preload`), instead of two round trips for every few hundred events.
 *
 * Remembering is safe for that read because the events it opens were all committed before it
 * began, so every key they were sealed with existed by then: a person remembered without a key
 * has no sealed event in the read. A key destroyed while it reads is still used for the events
 * before the erasure, as it would have been had that page been read a moment earlier; the
 * erasure event itself comes after them in the log (in a rebuild, through the swap's catch-up).
 * Not for a reader that follows the log live: it would go on revealing what was erased.
 */
export class RememberedKeys implements KeyReader {
  /** Each stream's subject; null: it has none. */
  private readonly subjects = new Map<string, string | null>();
  /** Each person's key; null: none was ever made. */
  private readonly keys = new Map<string, DataKey | null>();

  constructor(private readonly source: PersonalDataKeys) {}

  /** Looks up the subject and key of every stream of these events that holds personal data, not yet known. */
  async preload(events: ReadonlyArray<{ type: string; streamId: string }>): Promise<void> {
    const unknown = new Set<string>();
    for (const event of events) if (personalFields[event.type] && !this.subjects.has(event.streamId)) unknown.add(event.streamId);
    if (unknown.size === 0) return;
    const found = await this.source.subjectKeysOf([...unknown]);
    for (const streamId of unknown) this.subjects.set(streamId, null);
    for (const { streamId, personId, key } of found) {
      this.subjects.set(streamId, personId);
      this.keys.set(personId, key);
    }
  }

  subjectsOf(streamIds: readonly string[]): Promise<Map<string, string>> {
    return recall(this.subjects, streamIds, (missing) => this.source.subjectsOf(missing));
  }

  keysOf(personIds: readonly string[]): Promise<Map<string, DataKey>> {
    return recall(this.keys, personIds, (missing) => this.source.keysOf(missing));
  }
}

/** The remembered values of `ids`, looking up (and remembering, absent ones as null) those not remembered yet. */
async function recall<V>(remembered: Map<string, V | null>, ids: readonly string[], lookUp: (missing: string[]) => Promise<Map<string, V>>): Promise<Map<string, V>> {
  const missing = ids.filter((id) => !remembered.has(id));
  if (missing.length > 0) {
    const found = await lookUp(missing);
    for (const id of missing) remembered.set(id, found.get(id) ?? null);
  }
  return known(remembered, ids);
}

function known<V>(remembered: Map<string, V | null>, ids: readonly string[]): Map<string, V> {
  const answer = new Map<string, V>();
  for (const id of ids) {
    const value = remembered.get(id);
    if (value !== null && value !== undefined) answer.set(id, value);
  }
  return answer;
}
