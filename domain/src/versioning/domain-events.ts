import type { z } from 'zod';
import { AccountEvent } from '../account/events.js';
import { NotificationEvent } from '../notification/events.js';
import { OrganizationEvent } from '../organization/events.js';
import { ProjectEvent } from '../project/events.js';
import { projectUpcasters } from '../project/upcasters.js';
import { UpcasterRegistry, type VersionedEvent } from './upcasters.js';

/** Every event of every context, as the event store holds it. */
export type DomainEvent = AccountEvent | NotificationEvent | OrganizationEvent | ProjectEvent;

/** The shop's upcasters, by event type and schema version. */
export const eventUpcasters = new UpcasterRegistry([...projectUpcasters]);

const schemaByType = new Map<string, z.ZodType>(
  [AccountEvent, NotificationEvent, OrganizationEvent, ProjectEvent].flatMap((union) => union.options.map((option) => [option.shape.type.value, option] as const)),
);

/** The schema version a new event of this type is written with. */
export const schemaVersionOf = (type: string): number => eventUpcasters.currentVersion(type);

/**
 * A stored event as the domain knows it today: upcast to its current version, then parsed
 * by its context's zod schema, so a stored event of the wrong shape fails loudly here.
 */
export function readDomainEvent(stored: VersionedEvent): DomainEvent {
  const schema = schemaByType.get(stored.type);
  if (!schema) throw new Error(`Unknown event type ${stored.type}`);
  const current = eventUpcasters.upcast(stored);
  return schema.parse({ type: current.type, data: current.data }) as DomainEvent;
}

/**
 * A new event's data as the store takes it: parsed by its context's zod schema, so an event of
 * the wrong shape is refused before it is written and keys the schema does not know are left out.
 * Every event in the log of its current version is therefore what its schema reads, and a fold
 * may take it as it stands; only an upcast event needs reading again (docs/decisions/0100).
 */
export function dataToAppend(type: string, data: Record<string, unknown>): Record<string, unknown> {
  const schema = schemaByType.get(type);
  if (!schema) throw new Error(`Unknown event type ${type}`);
  return (schema.parse({ type, data }) as { data: Record<string, unknown> }).data;
}
