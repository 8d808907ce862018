import type { z } from 'zod';
import { AccountEvent } from '../account/events.js';
import { NotificationEvent } from '../notification/events.js';
import { OrganizationEvent } from '../organization/events.js';
import { ProjectEvent } from '../project/events.js';
import { projectUpcasters } from '../project/upcasters.js';
import { UpcasterRegistry, type EventTypeFate, type VersionedEvent } from './upcasters.js';

/** Every event of every context, as the event store holds it. */
export type DomainEvent = AccountEvent | NotificationEvent | OrganizationEvent | ProjectEvent;

/** The shop's upcasters, by event type and schema version. */
export const eventUpcasters = new UpcasterRegistry([...projectUpcasters]);

const schemaByType = new Map<string, z.ZodType>(
  [AccountEvent, NotificationEvent, OrganizationEvent, ProjectEvent].flatMap((union) => union.options.map((option) => [option.shape.type.value, option] as const)),
);

/**
 * The one registry of event types (docs/decisions/0355, 0371): every type the log may hold, with
 * what happens to it now. A type of today's schemas is read as it is (after its upcasters); a
 * type an upcaster renames is read as its new type, one it splits as several events of today's
 * types, one it retires as nothing (its reason stated). Anything else is unknown: never skipped,
 * a reader refuses it (`UnknownEventTypeError`) and a projection parks its stream (decision 0111).
 */
export const storedEventTypes: readonly EventTypeFate[] = [
  ...[...schemaByType.keys()].map((type): EventTypeFate => ({ type, fate: 'current', version: eventUpcasters.currentVersion(type) })),
  ...eventUpcasters.fates().filter((fate) => fate.fate !== 'current'),
].sort((a, b) => a.type.localeCompare(b.type));

for (const fate of storedEventTypes) {
  if (fate.fate === 'current') continue;
  if (schemaByType.has(fate.type)) throw new Error(`${fate.type} is ${fate.fate} but still has a schema`);
  for (const today of eventUpcasters.readsAs(fate.type)) {
    if (!schemaByType.has(today)) throw new Error(`${fate.type} is read as ${today}, which is not an event type of today`);
  }
}

const knownTypes = new Set(storedEventTypes.map((fate) => fate.type));

/** True when today's code can read events of this type (as stored, before upcasting). */
export const isKnownEventType = (type: string): boolean => knownTypes.has(type);

/** An event of a type no code of today reads: a newer release wrote it, or a type was dropped without an upcaster. */
export class UnknownEventTypeError extends Error {
  constructor(
    readonly eventType: string,
    readonly streamId: string | null,
  ) {
    super(`Unknown event type ${eventType}${streamId ? ` in stream ${streamId}` : ''}: this version of the shop cannot read it (docs/decisions/0356)`);
    this.name = 'UnknownEventTypeError';
  }
}

/** The schema version a new event of this type is written with. */
export const schemaVersionOf = (type: string): number => eventUpcasters.currentVersion(type);

/** The types of today events of a stored type are read as: itself, a rename's or a split's targets, none when retired. */
export const typesReadAs = (type: string): string[] => (knownTypes.has(type) ? eventUpcasters.readsAs(type) : [type]);

/**
 * A stored event as the domain knows it today: upcast to its current version (several events
 * for a split type, none for a retired one), each parsed by its context's zod schema, so a
 * stored event of the wrong shape fails loudly here.
 */
export function readDomainEvents(stored: VersionedEvent & { streamId?: string }): DomainEvent[] {
  if (!knownTypes.has(stored.type)) throw new UnknownEventTypeError(stored.type, stored.streamId ?? null);
  return eventUpcasters.readAs(stored).map((current) => {
    const schema = schemaByType.get(current.type);
    if (!schema) throw new UnknownEventTypeError(current.type, stored.streamId ?? null);
    return schema.parse({ type: current.type, data: current.data }) as DomainEvent;
  });
}

/**
 * A new event's data as the store takes it: parsed by its context's zod schema, so an event of
 * the wrong shape is refused before it is written and keys the schema does not know are left out.
 * Every event in the log of its current version is therefore what its schema reads, and a fold
 * may take it as it stands; only an upcast event needs reading again (docs/decisions/0100).
 */
export function dataToAppend(type: string, data: Record<string, unknown>): Record<string, unknown> {
  const schema = schemaByType.get(type);
  if (!schema) throw new UnknownEventTypeError(type, null);
  return (schema.parse({ type, data }) as { data: Record<string, unknown> }).data;
}
