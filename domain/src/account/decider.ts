import { assertNever, type Decider } from '../shared/decider.js';
import { DomainError, ruleViolation, validationFailed } from '../shared/errors.js';
import { emailProblem } from '../validation/credentials.js';
import { stampOf, type Actor } from './actor.js';
import type { AccountCommand, AccountCommandOf } from './commands.js';
import type { AccountEvent } from './events.js';
import { ERASED } from './personal-data.js';
import { initialAccountState, type Account, type AccountStreamState } from './state.js';

type Existing = Exclude<AccountStreamState, { status: 'empty' }>;
type ExistingCommand = Exclude<AccountCommand, { type: 'Register' | 'CreateGuest' }>;

export const initialState = initialAccountState;

export function decide(command: AccountCommand, state: AccountStreamState): AccountEvent[] {
  switch (command.type) {
    case 'Register':
      requireEmpty(state);
      return [register(command)];
    case 'CreateGuest':
      requireEmpty(state);
      return [{ type: 'GuestCreated', data: { userId: command.userId, ...stampOf(command) } }];
    default:
      return decideOn(existing(state), command);
  }
}

function requireEmpty(state: AccountStreamState): void {
  if (state.status !== 'empty') throw new DomainError('conflict', 'ACCOUNT_EXISTS', 'This account already exists.');
}

function existing(state: AccountStreamState): Existing {
  if (state.status === 'empty') throw new DomainError('not_found', 'ACCOUNT_NOT_FOUND', 'This account does not exist.');
  return state;
}

function decideOn(state: Existing, command: ExistingCommand): AccountEvent[] {
  const stamp = stampOf(command);
  switch (command.type) {
    case 'RequestActivation':
      requireSelf(command.actor, state.account);
      requirePending(state);
      return [{ type: 'ActivationRequested', data: { email: state.account.email, ...stamp } }];
    case 'Activate':
      requireSelf(command.actor, state.account);
      requirePending(state);
      return [{ type: 'Activated', data: stamp }];
    case 'RequestPasswordReset':
      requireSelf(command.actor, state.account);
      requireRegistered(state, 'GUEST_HAS_NO_PASSWORD', 'Guests have no password yet; complete your profile first.');
      return [{ type: 'PasswordResetRequested', data: { email: state.account.email, ...stamp } }];
    case 'ChangePassword':
      requireSelf(command.actor, state.account);
      requireRegistered(state, 'GUEST_HAS_NO_PASSWORD', 'Guests have no password yet; complete your profile first.');
      return [{ type: 'PasswordChanged', data: { reason: command.reason, ...stamp } }];
    case 'UpdateProfile':
      requireSelf(command.actor, state.account);
      requireRegistered(state, 'NOT_REGISTERED', 'Complete your profile before changing it.');
      return updateProfile(state.account, command);
    case 'RequestProfileCompletion': {
      requireSelf(command.actor, state.account);
      if (state.status !== 'guest') throw ruleViolation('NOT_A_GUEST', 'Only a guest can complete a guest profile.');
      const problems = emailProblems(command.email.trim().toLowerCase());
      if (problems.length > 0) throw validationFailed(problems);
      const joining = { ...(command.projectId ? { projectId: command.projectId } : {}), ...(command.joins ? { joins: command.joins } : {}) };
      return [{ type: 'ProfileCompletionRequested', data: { email: command.email.trim().toLowerCase(), ...joining, ...stamp } }];
    }
    case 'CompleteGuestProfile':
      requireSelf(command.actor, state.account);
      if (state.status !== 'guest') throw ruleViolation('NOT_A_GUEST', 'Only a guest can complete a guest profile.');
      return [{ type: 'GuestProfileCompleted', data: { ...contactDetails(command), phone: command.phone ?? '', ...stamp } }];
    case 'SetStaffFlag':
      requireStaff(command.actor);
      // Staff cannot drop their own flag, so the shop can never lock every staff member out by accident.
      if (!command.isStaff && command.actor.userId === state.account.userId) throw ruleViolation('CANNOT_UNSTAFF_SELF', 'You cannot remove your own staff access.');
      return command.isStaff === state.account.isStaff ? [] : [{ type: 'StaffFlagSet', data: { isStaff: command.isStaff, ...stamp } }];
    case 'SetDesignerFlag':
      requireStaff(command.actor);
      return command.isDesigner === state.account.isDesigner ? [] : [{ type: 'DesignerFlagSet', data: { isDesigner: command.isDesigner, ...stamp } }];
    case 'ErasePersonalData':
      return erasure(state, command);
    default:
      return assertNever(command);
  }
}

function register(command: AccountCommandOf<'Register'>): AccountEvent {
  const { email, name } = contactDetails(command);
  return { type: 'Registered', data: { userId: command.userId, email, name, phone: command.phone ?? '', isDesigner: command.isDesigner ?? false, ...stampOf(command) } };
}

/** Checks and tidies an e-mail address and a name (SPEC §5: a simple address pattern). */
function contactDetails(input: { email: string; name: string }): { email: string; name: string } {
  const email = input.email.trim().toLowerCase();
  const name = input.name.trim();
  const problems = [
    ...emailProblems(email),
    ...(name === '' ? [{ field: 'name', message: 'Please enter your name.' }] : []),
  ];
  if (problems.length > 0) throw validationFailed(problems);
  return { email, name };
}

/** The shared SPEC §5 e-mail check, so client and server say the same thing. */
function emailProblems(email: string) {
  const message = emailProblem(email);
  return message === null ? [] : [{ field: 'email', message }];
}

/** Emits only what changed; an update that changes nothing is a harmless repeat. */
function updateProfile(account: Account, command: AccountCommandOf<'UpdateProfile'>): AccountEvent[] {
  const { email, name } = contactDetails({ email: command.email ?? account.email, name: command.name ?? account.name });
  const phone = command.phone?.trim() ?? account.phone;
  const changes = {
    ...(name !== account.name ? { name } : {}),
    ...(phone !== account.phone ? { phone } : {}),
    ...(email !== account.email ? { email } : {}),
  };
  return Object.keys(changes).length === 0 ? [] : [{ type: 'ProfileUpdated', data: { ...changes, ...stampOf(command) } }];
}

/**
 * GDPR art. 17: the user themself or staff. Staff accounts are not erased while they are staff,
 * since their names stand behind back-office actions; drop the flag first (docs/decisions/0160).
 */
function erasure(state: Existing, command: AccountCommandOf<'ErasePersonalData'>): AccountEvent[] {
  requireSelf(command.actor, state.account);
  if (state.account.erased) throw ruleViolation('ALREADY_ERASED', 'The personal data of this account is already erased.');
  if (state.account.isStaff) throw ruleViolation('STAFF_NOT_ERASABLE', 'Remove the staff flag before erasing this account.');
  return [{ type: 'PersonalDataErased', data: { userId: state.account.userId, ...stampOf(command) } }];
}

function requireSelf(actor: Actor, account: Account): void {
  if (!actor.isStaff && actor.userId !== account.userId) throw new DomainError('forbidden', 'NOT_YOUR_ACCOUNT', 'This account belongs to someone else.');
}

function requireStaff(actor: Actor): void {
  if (!actor.isStaff) throw new DomainError('forbidden', 'STAFF_ONLY', 'Only staff can change user roles.');
}

function requirePending(state: Existing): void {
  if (state.status === 'active') throw ruleViolation('ALREADY_ACTIVE', 'This account is already active.');
  requireRegistered(state, 'NOT_REGISTERED', 'Guests complete their profile instead of activating.');
}

function requireRegistered(state: Existing, code: string, message: string): void {
  if (state.status === 'guest') throw ruleViolation(code, message);
}

export function evolve(state: AccountStreamState, event: AccountEvent): AccountStreamState {
  switch (event.type) {
    case 'Registered': {
      const { userId, email, name, phone, isDesigner, at } = event.data;
      return { status: 'pending', account: newAccount(userId, email, name, phone, isDesigner, at) };
    }
    case 'GuestCreated':
      return { status: 'guest', account: newAccount(event.data.userId, '', '', '', false, event.data.at) };
    default:
      return state.status === 'empty' ? state : changed(state, event);
  }
}

const newAccount = (userId: string, email: string, name: string, phone: string, isDesigner: boolean, at: string): Account => ({
  userId, email, name, phone, isDesigner, isStaff: false, created: at, updated: at, activated: null, erased: null,
});

function changed(state: Existing, event: Exclude<AccountEvent, { type: 'Registered' | 'GuestCreated' }>): AccountStreamState {
  const account = { ...state.account, updated: event.data.at };
  switch (event.type) {
    case 'ActivationRequested':
    case 'PasswordResetRequested':
    case 'PasswordChanged':
      return { ...state, account };
    case 'ProfileCompletionRequested': {
      const saved = event.data.projectId;
      const known = account.guestProjectIds ?? [];
      const guestProjectIds = saved && !known.includes(saved) ? [...known, saved] : known;
      return { ...state, account: { ...account, requestedEmail: event.data.email, guestProjectIds } };
    }
    case 'Activated':
      return { status: 'active', account: { ...account, activated: event.data.at } };
    case 'ProfileUpdated': {
      const { at: _at, by: _by, ...changes } = event.data;
      return { ...state, account: { ...account, ...changes } };
    }
    case 'GuestProfileCompleted':
      // The completion link was e-mailed to this address, which proves it: the account is active.
      return { status: 'active', account: { ...account, email: event.data.email, name: event.data.name, phone: event.data.phone, activated: event.data.at } };
    case 'StaffFlagSet':
      return { ...state, account: { ...account, isStaff: event.data.isStaff } };
    case 'DesignerFlagSet':
      return { ...state, account: { ...account, isDesigner: event.data.isDesigner } };
    case 'PersonalDataErased':
      return { ...state, account: { ...account, email: ERASED, name: ERASED, phone: ERASED, erased: event.data.at } };
    default:
      return assertNever(event);
  }
}

export const accountDecider: Decider<AccountCommand, AccountEvent, AccountStreamState> = { decide, evolve, initialState };
