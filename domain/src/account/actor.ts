import { z } from 'zod';

/**
 * Who issues a command. The command side builds it from the session; the domain never looks
 * anyone up, so organization memberships a rule needs travel with the actor.
 * The shop's own reactors (e-mail sending) act as a staff actor with userId 'system'.
 */
export const Actor = z.object({
  userId: z.string().min(1),
  isStaff: z.boolean(),
  /** Organizations the actor belongs to; lets members act on their organization's projects. */
  organizationIds: z.array(z.string()).optional(),
});
export type Actor = z.infer<typeof Actor>;

/** The shop itself (start-up, reactors) acts as staff under this id; every writer uses this one constant. */
export const SYSTEM_ACTOR: Actor = { userId: 'system', isStaff: true };

/** Every command carries the moment it happens (from the injected clock) and who issues it. */
export interface CommandContext {
  /** ISO-8601 time the command is issued. */
  at: string;
  actor: Actor;
}

/** The who/when every event of ours records. */
export const EventStamp = {
  at: z.string().min(1),
  /** userId of the actor that caused the event. */
  by: z.string().min(1),
};

export const stampOf = (command: CommandContext) => ({ at: command.at, by: command.actor.userId });
