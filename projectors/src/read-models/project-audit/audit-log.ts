import { projectEventTypes } from '@shop/domain';
import { traceIdOf, type EventStore } from '@shop/infra';
import { actorOf, atOf } from '../event-stamp.js';
import { auditChanges } from './audit-changes.js';
import type { FieldChange } from './changes.js';

export interface AuditRow {
  revision: number;
  event_id: string;
  global_position: number;
  type: string;
  actor: string;
  at: string;
  /** When the database recorded it (decision 0351); null for events older than the column, or from EventStoreDB. */
  recorded_at: string | null;
  /** The trace the write that appended it ran in (decision 0400); null when tracing was off then. */
  trace_id: string | null;
  data: Record<string, unknown>;
  changes: FieldChange[];
}

const projectTypes = new Set<string>(projectEventTypes);

/**
 * The staff audit of a project: its stream, oldest first, up to and including `throughRevision`
 * (the revision the rest of the answer shows), each event with who, when and what it changed.
 * Read from the event store, not from a copy (docs/decisions/0248): the store opens personal
 * fields with the owner's key, or gives ERASED once that key is destroyed (exactly what the
 * erased copy held: erasePersonalFields of the open data), and upcasts older versions, as for
 * every reader of the log. "What changed" is folded from the events as read, so after an
 * erasure it holds no personal value either.
 */
export async function findAuditLog(eventStore: EventStore, streamId: string, throughRevision: number): Promise<AuditRow[]> {
  if (throughRevision < 0) return [];
  const events = (await eventStore.readStream(streamId, { maxCount: throughRevision + 1 })).filter((event) => projectTypes.has(event.type));
  const changes = auditChanges(events);
  return events.map((event, index) => ({
    revision: event.revision,
    event_id: event.id,
    global_position: event.globalPosition,
    type: event.type,
    actor: actorOf(event),
    at: atOf(event),
    recorded_at: event.recordedAt ?? null,
    trace_id: traceIdOf(event.metadata.traceparent) ?? null,
    data: event.data,
    changes: changes[index]!,
  }));
}
