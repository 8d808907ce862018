import { describe, expect, it } from 'vitest';
import { fold } from '../shared/decider.js';
import { spec } from '../shared/test-support/given-when-then.js';
import type { Actor } from './actor.js';
import type { AccountCommand } from './commands.js';
import { accountDecider } from './decider.js';
import type { AccountEvent } from './events.js';
import { ERASED } from './personal-data.js';
import { accountView } from './state.js';

const account = spec(accountDecider);
const at = '2024-03-01T10:00:00.000Z';
const self: Actor = { userId: 'u-1', isStaff: false };
const other: Actor = { userId: 'u-2', isStaff: false };
const staff: Actor = { userId: 's-1', isStaff: true };
const stamp = (actor: Actor) => ({ at, by: actor.userId });
const command = <C extends AccountCommand['type']>(type: C, extra: object = {}, actor: Actor = self) => ({ type, at, actor, ...extra }) as Extract<AccountCommand, { type: C }>;

const registered: AccountEvent = { type: 'Registered', data: { userId: 'u-1', email: 'ann@example.com', name: 'Ann', phone: '', isDesigner: false, ...stamp(self) } };
const activated: AccountEvent = { type: 'Activated', data: stamp(self) };
const guest: AccountEvent = { type: 'GuestCreated', data: { userId: 'u-1', ...stamp(self) } };
const pending = [registered];
const active = [registered, activated];

describe('Register', () => {
  it('records the user with tidied contact details, not yet active', () => {
    account.given([]).when(command('Register', { userId: 'u-1', email: ' Ann@Example.com ', name: ' Ann ' })).then([registered]);
    account.given([]).when(command('Register', { userId: 'u-1', email: 'ann@example.com', name: 'Ann', phone: '555', isDesigner: true })).then([
      { type: 'Registered', data: { userId: 'u-1', email: 'ann@example.com', name: 'Ann', phone: '555', isDesigner: true, ...stamp(self) } },
    ]);
  });
  it('rejects a bad e-mail or a missing name, and a taken id', () => {
    account.given([]).when(command('Register', { userId: 'u-1', email: 'ann', name: 'Ann' })).thenThrows('VALIDATION_FAILED');
    account.given([]).when(command('Register', { userId: 'u-1', email: 'ann@example.com', name: ' ' })).thenThrows('VALIDATION_FAILED');
    account.given(pending).when(command('Register', { userId: 'u-1', email: 'ann@example.com', name: 'Ann' })).thenThrows('ACCOUNT_EXISTS');
  });
});

describe('activation', () => {
  it('RequestActivation and Activate for a pending account', () => {
    account.given(pending).when(command('RequestActivation')).then([{ type: 'ActivationRequested', data: { email: 'ann@example.com', ...stamp(self) } }]);
    account.given(pending).when(command('Activate')).then([activated]);
  });
  it('cannot activate twice, nor a guest', () => {
    account.given(active).when(command('Activate')).thenThrows('ALREADY_ACTIVE');
    account.given(active).when(command('RequestActivation')).thenThrows('ALREADY_ACTIVE');
    account.given([guest]).when(command('Activate')).thenThrows('NOT_REGISTERED');
  });
  it('is refused on an unknown account and for someone else', () => {
    account.given([]).when(command('Activate')).thenThrows('ACCOUNT_NOT_FOUND');
    account.given(pending).when(command('Activate', {}, other)).thenThrows('NOT_YOUR_ACCOUNT');
  });
});

describe('passwords', () => {
  it('records reset requests and changes, without any secret', () => {
    account.given(active).when(command('RequestPasswordReset')).then([{ type: 'PasswordResetRequested', data: { email: 'ann@example.com', ...stamp(self) } }]);
    account.given(pending).when(command('ChangePassword', { reason: 'reset' })).then([{ type: 'PasswordChanged', data: { reason: 'reset', ...stamp(self) } }]);
  });
  it('guests have no password to reset or change', () => {
    account.given([guest]).when(command('RequestPasswordReset')).thenThrows('GUEST_HAS_NO_PASSWORD');
    account.given([guest]).when(command('ChangePassword', { reason: 'change' })).thenThrows('GUEST_HAS_NO_PASSWORD');
  });
});

describe('UpdateProfile', () => {
  it('records only what changed', () => {
    account.given(active).when(command('UpdateProfile', { name: 'Ann B', phone: '555', email: 'ann@example.com' })).then([
      { type: 'ProfileUpdated', data: { name: 'Ann B', phone: '555', ...stamp(self) } },
    ]);
    account.given(active).when(command('UpdateProfile', { email: 'new@example.com' }, staff)).then([{ type: 'ProfileUpdated', data: { email: 'new@example.com', ...stamp(staff) } }]);
    account.given(active).when(command('UpdateProfile', { name: 'Ann' })).then([]);
  });
  it('checks the e-mail, and is not for guests or other users', () => {
    account.given(active).when(command('UpdateProfile', { email: 'x' })).thenThrows('VALIDATION_FAILED');
    account.given([guest]).when(command('UpdateProfile', { name: 'G' })).thenThrows('NOT_REGISTERED');
    account.given(active).when(command('UpdateProfile', { name: 'G' }, other)).thenThrows('NOT_YOUR_ACCOUNT');
  });
});

describe('guests', () => {
  it('CreateGuest and CompleteGuestProfile', () => {
    account.given([]).when(command('CreateGuest', { userId: 'u-1' })).then([guest]);
    account.given([guest]).when(command('CompleteGuestProfile', { email: 'g@example.com', name: 'Gee' })).then([
      { type: 'GuestProfileCompleted', data: { email: 'g@example.com', name: 'Gee', phone: '', ...stamp(self) } },
    ]);
  });
  it('completion is only for guests', () => {
    account.given(active).when(command('CompleteGuestProfile', { email: 'g@example.com', name: 'Gee' })).thenThrows('NOT_A_GUEST');
    account.given(pending).when(command('CreateGuest', { userId: 'u-1' })).thenThrows('ACCOUNT_EXISTS');
  });
});

describe('role flags', () => {
  it('staff set staff and designer flags; repeating a value changes nothing', () => {
    account.given(active).when(command('SetStaffFlag', { isStaff: true }, staff)).then([{ type: 'StaffFlagSet', data: { isStaff: true, ...stamp(staff) } }]);
    account.given(active).when(command('SetStaffFlag', { isStaff: false }, staff)).then([]);
    account.given(active).when(command('SetDesignerFlag', { isDesigner: true }, staff)).then([{ type: 'DesignerFlagSet', data: { isDesigner: true, ...stamp(staff) } }]);
    account.given(active).when(command('SetDesignerFlag', { isDesigner: false }, staff)).then([]);
  });
  it('customers cannot set flags; staff cannot unstaff themselves', () => {
    account.given(active).when(command('SetStaffFlag', { isStaff: true })).thenThrows('STAFF_ONLY');
    account.given(active).when(command('SetDesignerFlag', { isDesigner: true })).thenThrows('STAFF_ONLY');
    const staffAccount: AccountEvent[] = [{ ...registered, data: { ...registered.data, userId: 's-1' } } as AccountEvent, { type: 'StaffFlagSet', data: { isStaff: true, ...stamp(staff) } }];
    account.given(staffAccount).when(command('SetStaffFlag', { isStaff: false }, staff)).thenThrows('CANNOT_UNSTAFF_SELF');
  });
});

describe('evolve and accountView', () => {
  const viewAfter = (events: AccountEvent[]) => accountView(fold(accountDecider, events));
  it('is null before the account exists and ignores stray events', () => {
    expect(viewAfter([])).toBeNull();
    expect(viewAfter([activated])).toBeNull();
  });
  it('follows a user from registration to an active designer with staff access', () => {
    const later = '2024-04-01T00:00:00.000Z';
    expect(viewAfter([
      registered,
      { type: 'ActivationRequested', data: { email: 'ann@example.com', ...stamp(self) } },
      { type: 'Activated', data: { at: later, by: 'u-1' } },
      { type: 'PasswordResetRequested', data: { email: 'ann@example.com', ...stamp(self) } },
      { type: 'PasswordChanged', data: { reason: 'reset', ...stamp(self) } },
      { type: 'ProfileUpdated', data: { phone: '555', ...stamp(self) } },
      { type: 'StaffFlagSet', data: { isStaff: true, ...stamp(staff) } },
      { type: 'DesignerFlagSet', data: { isDesigner: true, ...stamp(staff) } },
    ])).toEqual({ user_id: 'u-1', email: 'ann@example.com', name: 'Ann', phone: '555', is_staff: true, is_designer: true, is_guest: false, is_active: true, created: at, activated: later, is_erased: false });
  });
  it('turns a guest into an active user on profile completion', () => {
    expect(viewAfter([guest])).toMatchObject({ is_guest: true, is_active: false, email: '' });
    expect(viewAfter([guest, { type: 'GuestProfileCompleted', data: { email: 'g@example.com', name: 'Gee', phone: '1', ...stamp(self) } }])).toMatchObject({
      is_guest: false, is_active: true, email: 'g@example.com', name: 'Gee', phone: '1', activated: at,
    });
  });
});

describe('unknown messages', () => {
  it('an unknown command or event type is a programming error, not a silent no-op', () => {
    const bogusCommand = { type: 'Rename', at, actor: self } as unknown as AccountCommand;
    expect(() => accountDecider.decide(bogusCommand, fold(accountDecider, active))).toThrow('Unhandled case');
    const bogusEvent = { type: 'Renamed', data: stamp(self) } as unknown as AccountEvent;
    expect(() => fold(accountDecider, [registered, bogusEvent])).toThrow('Unhandled case');
  });
});

describe('ErasePersonalData', () => {
  const erased: AccountEvent = { type: 'PersonalDataErased', data: { userId: 'u-1', ...stamp(self) } };
  it('the user themself or staff erase an account once; its profile then reads as erased', () => {
    account.given(active).when(command('ErasePersonalData')).then([erased]);
    account.given(active).when(command('ErasePersonalData', {}, staff)).then([{ type: 'PersonalDataErased', data: { userId: 'u-1', ...stamp(staff) } }]);
    expect(accountView(fold(accountDecider, [...active, erased]))).toMatchObject({ user_id: 'u-1', email: ERASED, name: ERASED, phone: ERASED, is_active: true, is_erased: true });
    account.given([...active, erased]).when(command('ErasePersonalData', {}, staff)).thenThrows('ALREADY_ERASED');
  });
  it('refuses strangers and staff accounts', () => {
    account.given(active).when(command('ErasePersonalData', {}, other)).thenThrows('NOT_YOUR_ACCOUNT');
    account.given([...active, { type: 'StaffFlagSet', data: { isStaff: true, ...stamp(staff) } }]).when(command('ErasePersonalData', {}, staff)).thenThrows('STAFF_NOT_ERASABLE');
  });
});
