import { ERASED, mapPersonalFields, personalFields, subjectNamedBy } from '@shop/domain';
import type { NewEvent, StoredEvent } from '../event-store/event-store.js';
import { isSealed, open, seal, sealedFor } from './field-cipher.js';
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
   */
  async protect(streamId: string, events: NewEvent[]): Promise<{ events: NewEvent[]; subject: string | null }> {
    let subject: string | null | undefined;
    const sealed: NewEvent[] = [];
    for (const event of events) {
      subject = subjectNamedBy(event.type, event.data) ?? subject;
      if (!personalFields[event.type]) {
        sealed.push(event);
        continue;
      }
      subject ??= (await this.keys.subjectsOf([streamId])).get(streamId) ?? null;
      sealed.push(subject === null ? event : { ...event, data: await this.sealFields(event, subject) });
    }
    const named = events.reduce<string | null>((last, event) => subjectNamedBy(event.type, event.data) ?? last, null);
    return { events: sealed, subject: named };
  }

  /** The events as the domain knows them: personal fields in clear, or ERASED. */
  async reveal(events: StoredEvent[]): Promise<StoredEvent[]> {
    const personal = events.filter((event) => personalFields[event.type]);
    if (personal.length === 0) return events;
    const { sealedBy, clearIn } = this.keyNeeds(personal);
    const subjects = await this.keys.subjectsOf([...clearIn]);
    const keys = await this.keys.keysOf([...sealedBy, ...subjects.values()]);
    return events.map((event) => (personalFields[event.type] ? { ...event, data: revealed(event, keys, subjects.get(event.streamId)) } : event));
  }

  private async sealFields(event: NewEvent, subject: string): Promise<Record<string, unknown>> {
    const key = await this.keys.keyFor(subject);
    // A person erased before this event: their data is not taken in again.
    return mapPersonalFields(event.type, event.data, (value) => (key === 'erased' ? ERASED : isSealed(value) ? value : seal(value, subject, key)));
  }

  /** Persons whose keys sealed values need, and streams whose clear (legacy) values need their subject. */
  private keyNeeds(events: StoredEvent[]): { sealedBy: Set<string>; clearIn: Set<string> } {
    const sealedBy = new Set<string>();
    const clearIn = new Set<string>();
    for (const event of events) {
      mapPersonalFields(event.type, event.data, (value) => {
        if (isSealed(value)) sealedBy.add(sealedFor(value));
        else clearIn.add(event.streamId);
        return value;
      });
    }
    return { sealedBy, clearIn };
  }
}

function revealed(event: StoredEvent, keys: Map<string, DataKey>, subject: string | undefined): Record<string, unknown> {
  return mapPersonalFields(event.type, event.data, (value) => {
    if (!isSealed(value)) return subject !== undefined && keys.get(subject) === 'erased' ? ERASED : value;
    const key = keys.get(sealedFor(value));
    return key === undefined || key === 'erased' ? ERASED : open(value, key);
  });
}
