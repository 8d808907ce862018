import { z } from 'zod';
import { EventStamp } from '../account/actor.js';

/** Organization stream events, one stream per organization. SPEC §3 names only the id and members. */

const event = <T extends string, S extends z.ZodRawShape>(type: T, shape: S) =>
  z.object({ type: z.literal(type), data: z.object({ ...shape, ...EventStamp }) });

export const OrganizationDetails = z.object({
  name: z.string().min(1).max(200),
  email: z.string().max(200),
  phone: z.string().max(60),
  address: z.string().max(1000),
});
export type OrganizationDetails = z.infer<typeof OrganizationDetails>;

export const OrganizationCreated = event('OrganizationCreated', { organizationId: z.string().min(1), ...OrganizationDetails.shape });
/** The full details after the change. */
export const OrganizationUpdated = event('OrganizationUpdated', OrganizationDetails.shape);
export const MemberAdded = event('MemberAdded', { userId: z.string().min(1) });
export const MemberRemoved = event('MemberRemoved', { userId: z.string().min(1) });
/** Carries the members at deletion so read models can drop their memberships without a lookup. */
export const OrganizationDeleted = event('OrganizationDeleted', { memberIds: z.array(z.string()) });

export const OrganizationEvent = z.discriminatedUnion('type', [OrganizationCreated, OrganizationUpdated, MemberAdded, MemberRemoved, OrganizationDeleted]);
export type OrganizationEvent = z.infer<typeof OrganizationEvent>;
export type OrganizationEventType = OrganizationEvent['type'];
export type OrganizationEventOf<T extends OrganizationEventType> = Extract<OrganizationEvent, { type: T }>;
export const organizationEventTypes = OrganizationEvent.options.map((option) => option.shape.type.value);
