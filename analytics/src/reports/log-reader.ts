import type { EventStore, StoredEvent } from '@shop/infra/log-reading';

export interface LogReadOptions {
  /** The log as it stood at this instant: events the store recorded after it are not read. */
  asOf: Date | null;
  /** Called after each page with events read so far and the total to read. */
  onProgress?: (done: number, total: number) => void;
  pageSize?: number;
}

/**
 * Reads the whole log once through the event store's `readLog` (decision 0421: the PostgreSQL
 * store pages it with COPY), each page opened as every reader of the store sees it (personal
 * fields decrypted or erased, old versions upcast).
 */
export async function readTheLog(eventStore: EventStore, options: LogReadOptions, onPage: (events: StoredEvent[]) => void): Promise<number> {
  const total = await eventStore.countLog({ asOf: options.asOf });
  let done = 0;
  for await (const page of eventStore.readLog({ asOf: options.asOf, pageSize: options.pageSize })) {
    onPage(page);
    done += page.length;
    options.onProgress?.(done, Math.max(total, done));
  }
  return done;
}
