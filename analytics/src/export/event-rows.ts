import { ERASED, mapPersonalFields } from '@shop/domain';
import type { StoredEvent } from '@shop/infra/log-reading';
import type { ActorRole } from './actor-roles.js';

/** What a personal field holds in an export made without --with-personal-data. */
export const SEALED = '[sealed]';

/** Scalar values of an event's data by dotted path ('data.shipping_notes.delivery_type'); arrays as JSON text. */
export type FlatData = Record<string, string | number | boolean | null>;

export interface EventRow {
  position: number;
  time: string;
  stream: string;
  type: string;
  actor_role: ActorRole;
  schema_version: number;
  /** Where the event is in the log (decision 0348): its id, its stream's revision, the read order (transaction_id, position). */
  event_id: string;
  stream_revision: number;
  transaction_id: number;
  /** The database's clock when appended (UTC ISO-8601, microseconds); null for events older than the chain. */
  recorded_at: string | null;
  correlation_id: string;
  causation_id: string | null;
  /** The event's hash in its stream's chain, hex (npm run verify-log checks it). */
  chain_hash: string;
  data: FlatData;
}

/** What the log stores beside an event that the store's readers do not carry: its recorded time and chain hash. */
export interface ChainColumns {
  recordedAt: string | null;
  chainHash: string;
}

/**
 * An event as one export row. Personal fields (the domain's personal-data.ts) read as SEALED
 * unless `withPersonalData`; an erased person's read as ERASED either way (the key is gone).
 */
export function eventRow(event: StoredEvent, chain: ChainColumns, role: ActorRole, withPersonalData: boolean): EventRow {
  const data = withPersonalData ? event.data : mapPersonalFields(event.type, event.data, (value) => (value === ERASED ? ERASED : SEALED));
  return {
    position: event.globalPosition,
    time: event.metadata.occurredAt,
    stream: event.streamId,
    type: event.type,
    actor_role: role,
    schema_version: event.schemaVersion,
    event_id: event.id,
    stream_revision: event.revision,
    transaction_id: event.checkpoint.transactionId,
    recorded_at: chain.recordedAt,
    correlation_id: event.metadata.correlationId,
    causation_id: event.metadata.causationId,
    chain_hash: chain.chainHash,
    data: flatten(data),
  };
}

function flatten(data: Record<string, unknown>, prefix = 'data', into: FlatData = {}): FlatData {
  for (const [key, value] of Object.entries(data)) {
    const path = `${prefix}.${key}`;
    if (value === undefined) continue;
    if (value !== null && typeof value === 'object' && !Array.isArray(value)) flatten(value as Record<string, unknown>, path, into);
    else if (Array.isArray(value)) into[path] = JSON.stringify(value);
    else into[path] = value as string | number | boolean | null;
  }
  return into;
}
