import { z } from 'zod';
import { EventStamp } from './actor.js';

/**
 * Account stream events, one stream per user. Only business data: passwords and one-time tokens
 * live hashed in their own tables, so e.g. PasswordChanged says that, never what to.
 */

const event = <T extends string, S extends z.ZodRawShape>(type: T, shape: S) =>
  z.object({ type: z.literal(type), data: z.object({ ...shape, ...EventStamp }) });

export const Registered = event('Registered', {
  userId: z.string().min(1),
  email: z.string().min(1),
  name: z.string(),
  phone: z.string(),
  isDesigner: z.boolean(),
});
export const ActivationRequested = event('ActivationRequested', { email: z.string().min(1) });
export const Activated = event('Activated', {});
export const PasswordResetRequested = event('PasswordResetRequested', { email: z.string().min(1) });
export const PasswordChanged = event('PasswordChanged', { reason: z.enum(['reset', 'change']) });
/** Only the fields that changed. */
export const ProfileUpdated = event('ProfileUpdated', {
  name: z.string().optional(),
  phone: z.string().optional(),
  email: z.string().min(1).optional(),
});
/** A visitor building a project without an account (SPEC §1); completes registration later. */
export const GuestCreated = event('GuestCreated', { userId: z.string().min(1) });
/** A guest asked for the link that completes their registration, to be e-mailed to this address. */
export const ProfileCompletionRequested = event('ProfileCompletionRequested', {
  email: z.string().min(1),
  /** The project the guest saved with this request; it joins whichever account proves the address (decision 0195). */
  projectId: z.string().min(1).optional(),
  /** What the link will do: join an existing account, or one another guest's registration may make first; absent: a new account. */
  joins: z.enum(['account', 'registration']).optional(),
});
export const GuestProfileCompleted = event('GuestProfileCompleted', {
  email: z.string().min(1),
  name: z.string().min(1),
  phone: z.string(),
});
export const StaffFlagSet = event('StaffFlagSet', { isStaff: z.boolean() });
export const DesignerFlagSet = event('DesignerFlagSet', { isDesigner: z.boolean() });
/** The user's data key was destroyed: their personal fields read as erased from now on (personal-data.ts). */
export const PersonalDataErased = event('PersonalDataErased', { userId: z.string().min(1) });

export const AccountEvent = z.discriminatedUnion('type', [
  Registered,
  ActivationRequested,
  Activated,
  PasswordResetRequested,
  PasswordChanged,
  ProfileUpdated,
  GuestCreated,
  ProfileCompletionRequested,
  GuestProfileCompleted,
  StaffFlagSet,
  DesignerFlagSet,
  PersonalDataErased,
]);
export type AccountEvent = z.infer<typeof AccountEvent>;
export type AccountEventType = AccountEvent['type'];
export type AccountEventOf<T extends AccountEventType> = Extract<AccountEvent, { type: T }>;
export const accountEventTypes = AccountEvent.options.map((option) => option.shape.type.value);
