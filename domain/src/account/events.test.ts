import { describe, expect, it } from 'vitest';
import { AccountEvent, accountEventTypes } from './events.js';

describe('account event schemas', () => {
  it('lists every event type once', () => {
    expect(accountEventTypes).toEqual(expect.arrayContaining(['Registered', 'Activated', 'GuestCreated', 'GuestProfileCompleted', 'StaffFlagSet', 'DesignerFlagSet']));
    expect(new Set(accountEventTypes).size).toBe(accountEventTypes.length);
  });
  it('keeps secrets out: unknown fields such as a password hash are stripped on parse', () => {
    const parsed = AccountEvent.parse({ type: 'PasswordChanged', data: { reason: 'change', at: 'now', by: 'u-1', passwordHash: 'x' } });
    expect(parsed).toEqual({ type: 'PasswordChanged', data: { reason: 'change', at: 'now', by: 'u-1' } });
  });
  it('rejects an event without its stamp', () => {
    expect(AccountEvent.safeParse({ type: 'Activated', data: {} }).success).toBe(false);
  });
});
