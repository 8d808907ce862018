import type { CommandContext } from '../account/actor.js';

/** Organization commands; all are staff work (SPEC §6 internal endpoints). */
type Command<T extends string, Data = object> = { type: T } & Data & CommandContext;

export interface OrganizationInput {
  name: string;
  email?: string;
  phone?: string;
  address?: string;
}

export type OrganizationCommand =
  | Command<'CreateOrganization', { organizationId: string } & OrganizationInput>
  | Command<'UpdateOrganization', OrganizationInput>
  | Command<'AddMember', { userId: string }>
  | Command<'RemoveMember', { userId: string }>
  | Command<'DeleteOrganization'>;

export type OrganizationCommandType = OrganizationCommand['type'];
export type OrganizationCommandOf<T extends OrganizationCommandType> = Extract<OrganizationCommand, { type: T }>;
