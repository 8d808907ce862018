import type { StoredEvent } from '@shop/infra';

/** A batch's events grouped by stream, each group in revision order (the batch's order). */
export function byStream(events: readonly StoredEvent[]): Map<string, StoredEvent[]> {
  const groups = new Map<string, StoredEvent[]>();
  for (const event of events) {
    const group = groups.get(event.streamId);
    if (group) group.push(event);
    else groups.set(event.streamId, [event]);
  }
  return groups;
}

/**
 * The streams of a batch whose state a projection has stored before it: all but those whose first
 * event here is their first ever (revision 0). A batch of new projects then reads nothing back.
 */
export function streamsWithHistory(events: readonly StoredEvent[]): string[] {
  const first = new Map<string, number>();
  for (const event of events) if (!first.has(event.streamId)) first.set(event.streamId, event.revision);
  return [...first].filter(([, revision]) => revision > 0).map(([streamId]) => streamId);
}
