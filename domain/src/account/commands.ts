import type { CommandContext } from './actor.js';

/**
 * Account commands. Passwords and tokens never reach the domain: the command side checks and
 * stores them, then issues these commands for the business facts.
 */
type Command<T extends string, Data = object> = { type: T } & Data & CommandContext;

export type AccountCommand =
  | Command<'Register', { userId: string; email: string; name: string; phone?: string; isDesigner?: boolean }>
  | Command<'RequestActivation'>
  | Command<'Activate'>
  | Command<'RequestPasswordReset'>
  | Command<'ChangePassword', { reason: 'reset' | 'change' }>
  | Command<'UpdateProfile', { name?: string; phone?: string; email?: string }>
  | Command<'CreateGuest', { userId: string }>
  | Command<'RequestProfileCompletion', { email: string; projectId?: string; joins?: 'account' | 'registration' }>
  | Command<'CompleteGuestProfile', { email: string; name: string; phone?: string }>
  | Command<'SetStaffFlag', { isStaff: boolean }>
  | Command<'SetDesignerFlag', { isDesigner: boolean }>
  | Command<'ErasePersonalData'>;

export type AccountCommandType = AccountCommand['type'];
export type AccountCommandOf<T extends AccountCommandType> = Extract<AccountCommand, { type: T }>;
