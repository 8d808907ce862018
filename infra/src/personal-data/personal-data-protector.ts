import { ERASED, mapPersonalFields, personalFields, subjectNamedBy } from '@shop/domain';
import type { NewEvent, StoredEvent } from '../event-store/event-store.js';
import { open, seal, sealedFor } from './field-cipher.js';
import type { DataKey, PersonalDataKeys } from './personal-data-keys.js';

/**
 * Encrypts the personal fields of events (as declared in the domain's personal-data.ts) before
 * they are stored, and decrypts them when they are read. A destroyed key reads as ERASED.
 * Fields stored in clear before encryption existed are upcast on read: clear while their
 * stream's subject is held, ERASED once the subject is erased. The log is never rewritten.
 */
export class PersonalDataProtector {
  constructor(readonly keys: PersonalDataKeys) {}

  /**
   * The events with their personal fields sealed under the key of the stream's subject: the
   * subject named by an event of the batch, else the one on record for the stream.
   * Also gives the subject the stream has after the batch, to record once it is stored.
   * `keyFor` gives a person's key (by default made and stored on first use).
   */
  async protect(
    streamId: string,
    events: NewEvent[],
    keyFor: (personId: string) => Promise<DataKey> = (personId) => this.keys.keyFor(personId),
  ): Promise<{ events: NewEvent[]; subject: string | null }> {
    let subject: string | null | undefined;
    const keys = new Map<string, Promise<DataKey>>(); // one key look-up per person per append
    const sealed: NewEvent[] = [];
    for (const event of events) {
      subject = subjectNamedBy(event.type, event.data) ?? subject;
      if (!personalFields[event.type]) {
        sealed.push(event);
        continue;
      }
      subject ??= (await this.keys.subjectsOf([streamId])).get(streamId) ?? null;
      if (subject === null) {
        sealed.push(event);
        continue;
      }
      const person = subject;
      if (!keys.has(person)) keys.set(person, keyFor(person));
      sealed.push({ ...event, data: sealFields(event, person, await keys.get(person)!) });
    }
    const named = events.reduce<string | null>((last, event) => subjectNamedBy(event.type, event.data) ?? last, null);
    return { events: sealed, subject: named };
  }

  /** The events as the domain knows them: personal fields in clear, or ERASED. */
  reveal(events: StoredEvent[]): Promise<StoredEvent[]> {
    return revealEvents(this.keys, events);
  }
}

/** Where revealing reads keys and subjects from: the tables, or what a reader remembers of them (remembered-keys.ts). */
export type KeyReader = Pick<PersonalDataKeys, 'subjectsOf' | 'keysOf'>;

/** The events as the domain knows them: personal fields in clear, or ERASED. */
export async function revealEvents(reader: KeyReader, events: StoredEvent[]): Promise<StoredEvent[]> {
  const personal = events.filter((event) => personalFields[event.type]);
  if (personal.length === 0) return events;
  const sealedBy = new Set<string>();
  const clearIn = new Set<string>();
  for (const event of personal) {
    const envelope = event.data[SEALED];
    if (typeof envelope === 'string') sealedBy.add(sealedFor(envelope));
    else clearIn.add(event.streamId);
  }
  const subjects = await reader.subjectsOf([...clearIn]);
  const keys = await reader.keysOf([...sealedBy, ...subjects.values()]);
  return events.map((event) => {
    if (!personalFields[event.type]) return event;
    const data = revealed(event, keys, subjects.get(event.streamId));
    return data === event.data ? event : { ...event, data };
  });
}

/**
 * Where an event keeps its sealed personal fields: one AES-GCM envelope per event holding every
 * personal field by path (one cipher operation per event, not per field); the fields themselves
 * hold SEALED_FIELD in the stored data.
 */
const SEALED = '$personal';
const SEALED_FIELD = '[sealed]';

function sealFields(event: NewEvent, subject: string, key: DataKey): Record<string, unknown> {
  // A person erased before this event: their data is not taken in again.
  if (key === 'erased') return mapPersonalFields(event.type, event.data, () => ERASED);
  const values: Record<string, string> = {};
  const data = mapPersonalFields(event.type, event.data, (value, path) => {
    values[path] = value;
    return SEALED_FIELD;
  });
  return Object.keys(values).length === 0 ? event.data : { ...data, [SEALED]: seal(JSON.stringify(values), subject, key) };
}

function revealed(event: StoredEvent, keys: Map<string, DataKey>, subject: string | undefined): Record<string, unknown> {
  const envelope = event.data[SEALED];
  if (typeof envelope !== 'string') {
    // Written in clear before encryption existed: upcast to ERASED once the subject is erased.
    const erased = subject !== undefined && keys.get(subject) === 'erased';
    // Nothing to change: the stored object itself, not a copy (most events of a rebuild come
    // here), which tells a reader that the data is as the log holds it (a rebuild then lets
    // PostgreSQL copy it from the log, docs/decisions/0100).
    if (!erased && !(SEALED in event.data)) return event.data;
    const data = withoutEnvelope(event.data);
    return erased ? mapPersonalFields(event.type, data, () => ERASED) : data;
  }
  const data = withoutEnvelope(event.data);
  const key = keys.get(sealedFor(envelope));
  if (key === undefined || key === 'erased') return mapPersonalFields(event.type, data, () => ERASED);
  const values = JSON.parse(open(envelope, key)) as Record<string, string>;
  return mapPersonalFields(event.type, data, (value, path) => values[path] ?? value);
}

/** The data without its envelope: a plain copy (a rest pattern with a computed key was a hot spot of reads). */
function withoutEnvelope(data: Record<string, unknown>): Record<string, unknown> {
  const copy: Record<string, unknown> = {};
  for (const key in data) if (key !== SEALED) copy[key] = data[key];
  return copy;
}
