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
