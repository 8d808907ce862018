import type { StoredEvent } from '@shop/infra';

// The domain stamps every project event with when and by whom (data.at, data.by); the envelope's
// metadata is the fallback for anything unstamped. One definition for the logs the project_history
// projection writes, the audit read from the stream and the time travel.

/** When the event happened. */
export const atOf = (event: StoredEvent): string => (typeof event.data.at === 'string' ? event.data.at : event.metadata.occurredAt);

/** Who did it: a user id, `system` or `guest:…`. */
export const actorOf = (event: StoredEvent): string => (typeof event.data.by === 'string' ? event.data.by : event.metadata.actor);
