import type { EventStore, Pool, StoredEvent } from '@shop/infra';
import { PersonalDataKeys } from '@shop/personal-data';

/** Event data fields that name a user by id: events in other people's streams that name the caller. */
const USER_ID_FIELDS = ['userId', 'ownerId', 'fromUserId', 'toUserId'];

/**
 * The events that name a user, for their data export (GDPR art. 15): the streams holding their
 * personal data whole, and in every other stream the events that name them by id or were done by
 * them, in global order. Like `projectAsOf` it reads the event store on request, because the log is
 * part of what the shop holds; it lives on the read side so the query API reaches the store only
 * through read-side modules.
 */
export async function eventsNaming(pool: Pool, eventStore: EventStore, userId: string): Promise<StoredEvent[]> {
  const keyed = await new PersonalDataKeys(pool).streamsOf(userId);
  const naming = await pool.query<{ stream_id: string }>(
    `SELECT DISTINCT stream_id FROM events WHERE ${USER_ID_FIELDS.map((field) => `data->>'${field}' = $1`).join(' OR ')} OR metadata->>'actor' = $1`,
    [userId],
  );
  const streams = [...new Set([...keyed, ...naming.rows.map((row) => row.stream_id)])].sort();
  const events: StoredEvent[] = [];
  for (const stream of streams) {
    const stored = await eventStore.readStream(stream);
    // Own streams whole; in others only what names or was done by the user.
    events.push(...(keyed.includes(stream) ? stored : stored.filter((event) => names(event, userId))));
  }
  return events.sort((a, b) => a.globalPosition - b.globalPosition);
}

const names = (event: StoredEvent, userId: string) => event.metadata.actor === userId || USER_ID_FIELDS.some((field) => event.data[field] === userId);
