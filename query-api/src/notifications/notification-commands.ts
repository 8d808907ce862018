import { notFound, type EventStore, type NewEvent } from '@shop/infra';
import { NOTIFICATIONS_STREAM, NotificationEvent } from '@shop/projectors';

export interface NotificationState {
  message: string;
  active: boolean;
}

interface Stream {
  notifications: Map<string, NotificationState>;
  /** -1 for an empty stream. */
  revision: number;
}

/** The notifications stream folded into what exists now, with the revision that was read. */
async function loadNotifications(eventStore: EventStore): Promise<Stream> {
  const notifications = new Map<string, NotificationState>();
  let revision = -1;
  for (const stored of await eventStore.readStream(NOTIFICATIONS_STREAM)) {
    const event = NotificationEvent.parse({ type: stored.type, data: stored.data });
    const id = event.data.notificationId;
    if (event.type === 'NotificationPublished') notifications.set(id, { message: event.data.message, active: event.data.active });
    if (event.type === 'NotificationChanged') {
      const current = notifications.get(id);
      if (current) notifications.set(id, { message: event.data.message ?? current.message, active: event.data.active ?? current.active });
    }
    if (event.type === 'NotificationRemoved') notifications.delete(id);
    revision = stored.revision;
  }
  return { notifications, revision };
}

export interface NotificationCommandContext {
  eventStore: EventStore;
  actor: string;
  at: string;
  newId: () => string;
}

type Decision = (stream: Stream) => { event: NotificationEvent; result: NotificationState & { id: string } } | null;

/**
 * Read the stream, decide, append with the revision that was read: a concurrent staff edit makes
 * the append fail with a ConcurrencyError (409), never a lost update.
 */
async function run(context: NotificationCommandContext, decide: Decision) {
  const stream = await loadNotifications(context.eventStore);
  const decided = decide(stream);
  if (!decided) return { revision: stream.revision, result: null };
  const envelope: NewEvent = {
    id: context.newId(),
    type: decided.event.type,
    data: decided.event.data,
    metadata: { actor: context.actor, correlationId: context.newId(), causationId: null, occurredAt: context.at },
  };
  const expectedRevision = stream.revision < 0 ? 'no_stream' : stream.revision;
  const { nextRevision } = await context.eventStore.appendToStream(NOTIFICATIONS_STREAM, [envelope], { expectedRevision });
  return { revision: nextRevision, result: decided.result };
}

export async function publishNotification(context: NotificationCommandContext, message: string, active: boolean) {
  const notificationId = context.newId();
  const stamp = { at: context.at, by: context.actor };
  const { revision, result } = await run(context, () => ({
    event: { type: 'NotificationPublished', data: { notificationId, message, active, ...stamp } },
    result: { id: notificationId, message, active },
  }));
  return { revision, notification: result! };
}

export async function changeNotification(context: NotificationCommandContext, notificationId: string, change: Partial<NotificationState>) {
  const stamp = { at: context.at, by: context.actor };
  let unchanged: (NotificationState & { id: string }) | null = null;
  const { revision, result } = await run(context, ({ notifications }) => {
    const current = notifications.get(notificationId);
    if (!current) throw notFound('This notification');
    const next = { id: notificationId, message: change.message ?? current.message, active: change.active ?? current.active };
    // Nothing new: no event, like every other update in the shop.
    if (next.message === current.message && next.active === current.active) {
      unchanged = next;
      return null;
    }
    return { event: { type: 'NotificationChanged', data: { notificationId, ...change, ...stamp } }, result: next };
  });
  return { revision, notification: (result ?? unchanged)! };
}

export async function removeNotification(context: NotificationCommandContext, notificationId: string) {
  const stamp = { at: context.at, by: context.actor };
  const { revision } = await run(context, ({ notifications }) => {
    const current = notifications.get(notificationId);
    if (!current) throw notFound('This notification');
    return { event: { type: 'NotificationRemoved', data: { notificationId, ...stamp } }, result: { id: notificationId, ...current } };
  });
  return { revision };
}
