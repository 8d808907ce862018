import { ERASED, mapPersonalFields, personalFields, subjectNamedBy } from '@shop/domain';
import type { NewEvent, StoredEvent } from '@shop/infra';
import { isFirstVersion, isValuesVersion, openPage, seal, sealedFor } from './field-cipher.js';
import { putBack, putBackByPath, putBackValues, takeValues } from './personal-paths.js';
import { currentLayout, layoutAt } from './sealed-layouts.js';
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
   * Also gives the subject the stream has after the batch, to record once it is stored, and the
   * recorded subject that events were sealed for (`sealedFor`, null: none was).
   * `keyFor` gives a person's key (by default made and stored on first use); `recordedSubject`
   * the stream's subject on record (by default looked up).
   */
  async protect(
    streamId: string,
    events: NewEvent[],
    keyFor: (personId: string) => Promise<DataKey> = (personId) => this.keys.keyFor(personId),
    recordedSubject: (streamId: string) => Promise<string | null> = async (id) => (await this.keys.subjectsOf([id])).get(id) ?? null,
  ): Promise<{ events: NewEvent[]; subject: string | null; sealedFor: string | null }> {
    let subject: string | null | undefined; // undefined: not known yet
    let sealedFor: string | null = null;
    let named: string | null = null;
    const keys = new Map<string, DataKey>(); // one key look-up per person per append, awaited once (not once per event)
    const sealed: NewEvent[] = [];
    for (const event of events) {
      named = subjectNamedBy(event.type, event.data) ?? named;
      subject = named ?? subject;
      if (!personalFields[event.type]) {
        sealed.push(event);
        continue;
      }
      if (subject === undefined) sealedFor = subject = await recordedSubject(streamId);
      if (subject === null) {
        sealed.push(event);
        continue;
      }
      const person = subject;
      let key = keys.get(person);
      if (key === undefined) keys.set(person, (key = await keyFor(person)));
      sealed.push({ ...event, data: sealFields(event, person, key) });
    }
    return { events: sealed, subject: named, sealedFor };
  }

  /** The events as the domain knows them: personal fields in clear, or ERASED. */
  reveal(events: StoredEvent[]): Promise<StoredEvent[]> {
    return revealEvents(this.keys, events);
  }
}

/** Where revealing reads keys and subjects from: the tables, or what a reader remembers of them (remembered-keys.ts). */
export type KeyReader = Pick<PersonalDataKeys, 'subjectsOf' | 'keysOf'>;

/**
 * The events as the domain knows them: personal fields in clear, or ERASED. One pass to find
 * whose keys the page needs (one look-up for all those not cached, none when all are), one to open.
 */
export async function revealEvents(reader: KeyReader, events: StoredEvent[]): Promise<StoredEvent[]> {
  // Each sealed event's person, found once: the key look-up and the opening both need it.
  let sealedBy: Array<string | undefined> | null = null;
  let persons: Set<string> | null = null;
  let clearIn: Set<string> | null = null;
  for (let n = 0; n < events.length; n++) {
    const event = events[n]!;
    if (!personalFields[event.type]) continue;
    const envelope = event.data[SEALED];
    if (typeof envelope === 'string') {
      const person = sealedFor(envelope);
      (sealedBy ??= new Array<string | undefined>(events.length))[n] = person;
      (persons ??= new Set()).add(person);
    } else (clearIn ??= new Set()).add(event.streamId);
  }
  if (!persons && !clearIn) return events;
  const subjects = clearIn ? await reader.subjectsOf([...clearIn]) : new Map<string, string>();
  const keys = await reader.keysOf(clearIn ? [...(persons ?? []), ...subjects.values()] : [...persons!]);
  const opened = new Array<StoredEvent>(events.length);
  // Sealed events whose key is held: opened together below.
  let toOpen: { at: number[]; sealed: string[]; keys: Buffer[]; persons: string[] } | null = null;
  for (let n = 0; n < events.length; n++) {
    const event = events[n]!;
    const person = sealedBy?.[n];
    if (person !== undefined) {
      const key = keys.get(person);
      if (key === undefined || key === 'erased') opened[n] = withData(event, erasedData(event));
      else {
        toOpen ??= { at: [], sealed: [], keys: [], persons: [] };
        toOpen.at.push(n);
        toOpen.sealed.push(event.data[SEALED] as string);
        toOpen.keys.push(key);
        toOpen.persons.push(person);
      }
      continue;
    }
    const data = personalFields[event.type] ? clearData(event, keys, subjects.get(event.streamId)) : event.data;
    opened[n] = data === event.data ? event : withData(event, data);
  }
  if (toOpen) {
    const { at, sealed } = toOpen;
    openPage(toOpen, (index, clear) => {
      const event = events[at[index]!]!;
      opened[at[index]!] = withData(event, openedData(event, sealed[index]!, clear));
    });
  }
  return opened;
}

/** The event with other data: written out, not spread, so every opened event has one shape. */
function withData(event: StoredEvent, data: Record<string, unknown>): StoredEvent {
  return {
    id: event.id,
    type: event.type,
    schemaVersion: event.schemaVersion,
    data,
    metadata: event.metadata,
    streamId: event.streamId,
    revision: event.revision,
    globalPosition: event.globalPosition,
    checkpoint: event.checkpoint,
    ...(event.recordedAt === undefined ? {} : { recordedAt: event.recordedAt }),
  };
}

/**
 * Where an event keeps its sealed personal fields: one envelope per event holding every personal
 * value (one cipher operation per event, not per field), since decision 0292 the values alone in
 * their pinned layout's order (sealed-layouts.ts); the fields themselves hold SEALED_FIELD in the
 * stored data, which tells erasure which fields to mark without opening anything. Envelopes before
 * 0292 left '[sealed]' there; any string does, so new ones leave the shortest.
 */
const SEALED = '$personal';
const SEALED_FIELD = '';

function sealFields(event: NewEvent, subject: string, key: DataKey): Record<string, unknown> {
  // A person erased before this event: their data is not taken in again.
  if (key === 'erased') return mapPersonalFields(event.type, event.data, () => ERASED);
  const layout = currentLayout(event.type)!; // the type declares personal fields: it has a layout
  const taken = takeValues(layout.paths, layout.number, event.data, SEALED_FIELD);
  if (!taken) return event.data;
  taken.data[SEALED] = seal(JSON.stringify(taken.values), subject, key); // taken.data is a copy
  return taken.data;
}

/** A personal event stored without an envelope (written in clear before encryption existed, or holding no personal value). */
function clearData(event: StoredEvent, keys: Map<string, DataKey>, subject: string | undefined): Record<string, unknown> {
  // Written in clear before encryption existed: upcast to ERASED once the subject is erased.
  const erased = subject !== undefined && keys.get(subject) === 'erased';
  // Nothing to change: the stored object itself, not a copy (most events of a rebuild come here).
  if (!erased && !(SEALED in event.data)) return event.data;
  const data = withoutEnvelope(event.data);
  return erased ? mapPersonalFields(event.type, data, () => ERASED) : data;
}

/** A sealed event's data with its opened envelope's fields put back: values by layout (`pd4:`), a fragment (`pd2:`, `pd3:`) or fields by path (`pd1:`). */
function openedData(event: StoredEvent, envelope: string, clear: unknown): Record<string, unknown> {
  if (isValuesVersion(envelope)) {
    const values = clear as unknown[];
    return putBackValues(layoutAt(event.type, values[0]), event.data, values, SEALED);
  }
  const fields = clear as Record<string, unknown>;
  return isFirstVersion(envelope) ? putBackByPath(event.data, fields as Record<string, string>, SEALED) : putBack(event.data, fields, SEALED);
}

/** A sealed event's data when its person's key is gone (or was never made): every personal field ERASED. */
function erasedData(event: StoredEvent): Record<string, unknown> {
  return mapPersonalFields(event.type, withoutEnvelope(event.data), () => ERASED);
}

/** The data without its envelope: a plain copy (a rest pattern with a computed key was a hot spot of reads). */
function withoutEnvelope(data: Record<string, unknown>): Record<string, unknown> {
  const copy: Record<string, unknown> = {};
  for (const key in data) if (key !== SEALED) copy[key] = data[key];
  return copy;
}
