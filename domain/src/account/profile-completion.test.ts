import { describe, expect, it } from 'vitest';
import { spec } from '../shared/test-support/given-when-then.js';
import type { Actor } from './actor.js';
import { accountDecider } from './decider.js';
import type { AccountEvent } from './events.js';

const account = spec(accountDecider);
const at = '2024-03-01T10:00:00.000Z';
const guestActor: Actor = { userId: 'g-1', isStaff: false };
const guest: AccountEvent = { type: 'GuestCreated', data: { userId: 'g-1', at, by: 'g-1' } };
const request = (email: string, actor: Actor = guestActor) => ({ type: 'RequestProfileCompletion' as const, email, at, actor });

describe('RequestProfileCompletion', () => {
  it('records where the guest wants the completion link, tidied', () => {
    account.given([guest]).when(request(' Guest@Example.com ')).then([
      { type: 'ProfileCompletionRequested', data: { email: 'guest@example.com', at, by: 'g-1' } },
    ]);
  });
  it('refuses a bad address, someone else, and a registered account', () => {
    account.given([guest]).when(request('nope')).thenThrows('VALIDATION_FAILED');
    account.given([guest]).when(request('guest@example.com', { userId: 'x', isStaff: false })).thenThrows('NOT_YOUR_ACCOUNT');
    const registered: AccountEvent = { type: 'Registered', data: { userId: 'g-1', email: 'a@b.co', name: 'A', phone: '', isDesigner: false, at, by: 'g-1' } };
    account.given([registered]).when(request('guest@example.com')).thenThrows('NOT_A_GUEST');
  });
});

describe('the project a guest saved with the request (decision 0195)', () => {
  it('is recorded with what the link will do, and kept in the guest\'s state', () => {
    const command = { ...request('guest@example.com'), projectId: 'p-9', joins: 'account' as const };
    account.given([guest]).when(command).then([
      { type: 'ProfileCompletionRequested', data: { email: 'guest@example.com', projectId: 'p-9', joins: 'account', at, by: 'g-1' } },
    ]);
    const requested: AccountEvent = { type: 'ProfileCompletionRequested', data: { email: 'guest@example.com', projectId: 'p-9', at, by: 'g-1' } };
    const state = [guest, requested, requested].reduce(accountDecider.evolve, accountDecider.initialState());
    expect(state.status === 'guest' && state.account).toMatchObject({ guestProjectIds: ['p-9'], requestedEmail: 'guest@example.com' });
  });
});
