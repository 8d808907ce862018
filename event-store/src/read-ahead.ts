import { START, type GlobalCheckpoint, type ReadAllOptions, type StoredEvent } from '@shop/infra';

/**
 * The log in global order, page after page, from `from` until a page comes back empty (what is
 * readable now has been read): the same pages, in the same order, as calling `readPage` in a loop
 * from each page's last checkpoint. The difference is when: the next page's query is sent as soon
 * as a page arrives, before the caller gets it, so the database reads the next page while the
 * caller opens, folds or writes this one (decision 0249).
 *
 * Each page is its own read with its own reading horizon (decision 0231), exactly as it would be
 * read a moment later. At most one read is in flight. A caller that stops early (break, return,
 * throw) waits for the read in flight to end, so its connection is back in the pool when the loop
 * is left; that read's error, if any, is dropped, since nobody asked for its page. An error of a
 * page the caller asks for reaches the caller.
 */
export async function* readAhead(
  readPage: (from: GlobalCheckpoint, limit: number) => Promise<StoredEvent[]>,
  { from = START, limit = 1000 }: ReadAllOptions = {},
): AsyncGenerator<StoredEvent[], void, undefined> {
  let next: Promise<StoredEvent[]> | null = readPage(from, limit);
  try {
    for (;;) {
      const page: StoredEvent[] = await next;
      next = null;
      if (page.length === 0) return;
      next = readPage(page[page.length - 1]!.checkpoint, limit);
      // Not awaited until the caller asks for it: keep its rejection from counting as unhandled meanwhile.
      next.catch(() => undefined);
      yield page;
    }
  } finally {
    if (next) await next.catch(() => undefined);
  }
}
