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
