import type { StoredEvent } from '@shop/infra';

/**
 * The streams of a batch whose state a projection has stored before it: all but those whose first
 * event here is their first ever (revision 0). A batch of new projects then reads nothing back.
 */
export function streamsWithHistory(events: readonly StoredEvent[]): string[] {
  const first = new Map<string, number>();
  for (const event of events) if (!first.has(event.streamId)) first.set(event.streamId, event.revision);
  return [...first].filter(([, revision]) => revision > 0).map(([streamId]) => streamId);
}
