import { accountDecider, accountView, type AccountStreamState, type AccountView } from '@shop/domain';
import { type EventStore, loadStream } from '@shop/infra';
import { notFound } from '@shop/http-shell';
import { accountStream } from '../streams.js';
import type { UserHashes } from './user-hash.js';

export async function loadAccount(eventStore: EventStore, userId: string): Promise<{ state: AccountStreamState; view: AccountView }> {
  const { state } = await loadStream(eventStore, accountDecider, accountStream(userId));
  const view = accountView(state);
  if (!view) throw notFound('This account');
  return { state, view };
}

/** The SPEC §3 user profile (docs/api-conventions.md), plus whether the account is a guest or active. */
export async function profileOf(view: AccountView, userHashes: UserHashes) {
  return {
    email: view.email,
    name: view.name,
    user_id: view.user_id,
    phone: view.phone,
    is_designer: view.is_designer,
    is_staff: view.is_staff,
    user_hash: await userHashes.of(view.user_id),
    is_guest: view.is_guest,
    is_active: view.is_active,
  };
}
