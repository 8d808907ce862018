import { storedEventOpener, type Pool, type StoredEvent } from '@shop/infra/log-reading';
import { toStoredEvent, type RawEvent } from '../rebuild/fold-shard.js';
import { readPage } from '../rebuild/log-page.js';
import { countEvents } from '../rebuild/rebuild.js';

export interface LogReadOptions {
  /** The log as it stood at this instant: events the database recorded after it are not read (log-page.ts RECORDED_TIME). */
  asOf: Date | null;
  /** Called after each page with events read so far and the total to read. */
  onProgress?: (done: number, total: number) => void;
  pageSize?: number;
}

/**
 * Reads the whole log once, in the event store's order and under its visibility rule, with the
 * rebuild's page reader (docs/decisions/0100): page N+1 is read while page N is handed on. Each
 * page is opened as every reader of the store sees it (personal fields decrypted or erased, old
 * versions upcast). Reads only: the connection's transactions are read-only.
 */
export async function readTheLog(pool: Pool, options: LogReadOptions, onPage: (events: StoredEvent[]) => void): Promise<number> {
  const opener = storedEventOpener(pool);
  const reader = await pool.connect();
  try {
    await reader.query('SET default_transaction_read_only = on');
    const { rows } = await reader.query<{ horizon: string }>('SELECT shop_read_horizon()::text AS horizon');
    const horizon = rows[0]!.horizon;
    const total = await countEvents(pool, options.asOf ?? undefined);
    const read = async (after: RawEvent | null) => {
      const page = await readPage(reader, { after, limit: options.pageSize ?? 5000, horizon, until: options.asOf, streams: null });
      await opener.prepare(page);
      return page;
    };
    let done = 0;
    let next = read(null);
    try {
      for (;;) {
        const page = await next;
        if (page.length === 0) return done;
        next = read(page[page.length - 1]!);
        onPage(await opener.open(page.map(toStoredEvent)));
        done += page.length;
        options.onProgress?.(done, Math.max(total, done));
      }
    } finally {
      await next.catch(() => undefined); // a page still being read lands before the connection goes back
    }
  } finally {
    await reader.query('RESET default_transaction_read_only').catch(() => undefined);
    reader.release();
  }
}
