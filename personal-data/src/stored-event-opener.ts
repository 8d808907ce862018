import { PersonalDataKeys } from './personal-data-keys.js';
import { revealEvents } from './personal-data-protector.js';
import { RememberedKeys } from './remembered-keys.js';
import type { Pool, StoredEvent } from '@shop/infra';
import { upcastAll } from '@shop/event-store';

/**
 * How a reader that reads the events table itself from start to end (the one-pass rebuild)
 * opens what it reads, the way the store's wrappers would: personal fields decrypted, then old
 * versions upcast. Keys are remembered for the whole read (remembered-keys.ts says why that is
 * safe there): `prepare` looks up a page's in one round trip before its events are opened.
 */
export interface StoredEventOpener {
  prepare: (events: ReadonlyArray<{ type: string; streamId: string }>) => Promise<void>;
  open: (events: StoredEvent[]) => Promise<StoredEvent[]>;
}

export function storedEventOpener(pool: Pool): StoredEventOpener {
  const keys = new RememberedKeys(new PersonalDataKeys(pool));
  return {
    prepare: (events) => keys.preload(events),
    open: async (events) => upcastAll(await revealEvents(keys, events)),
  };
}
