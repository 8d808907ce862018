import { PersonalDataKeys } from '../personal-data/personal-data-keys.js';
import { PersonalDataProtector } from '../personal-data/personal-data-protector.js';
import type { Pool } from '../postgres/pool.js';
import type { StoredEvent } from './event-store.js';
import { upcastAll } from './upcasting-event-store.js';

/**
 * How a reader that reads the events table itself (the one-pass rebuild) opens what it reads,
 * the way the store's wrappers would: personal fields decrypted, then old versions upcast.
 */
export function storedEventOpener(pool: Pool): (events: StoredEvent[]) => Promise<StoredEvent[]> {
  const protector = new PersonalDataProtector(new PersonalDataKeys(pool));
  return async (events) => upcastAll(await protector.reveal(events));
}
