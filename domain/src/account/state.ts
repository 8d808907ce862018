/** What the write side knows about a user; `accountView` gives the SPEC §3 profile. */
export interface Account {
  userId: string;
  email: string;
  name: string;
  phone: string;
  isStaff: boolean;
  isDesigner: boolean;
  created: string;
  updated: string;
  activated: string | null;
  /** When the personal data was erased (the data key destroyed); null while it is held. */
  erased: string | null;
  /** A guest's saved projects, which join the account that proves the guest's e-mail (decision 0195). */
  guestProjectIds?: string[];
  /** The address a guest asked to register with (the last one asked). */
  requestedEmail?: string;
}

/**
 * guest: made by the guest flow, no e-mail proven; pending: registered, not yet activated;
 * active: activated (or a guest who completed the profile through the e-mailed link).
 */
export type AccountStreamState =
  | { status: 'empty' }
  | { status: 'guest'; account: Account }
  | { status: 'pending'; account: Account }
  | { status: 'active'; account: Account };

export const initialAccountState = (): AccountStreamState => ({ status: 'empty' });

/** SPEC §3 user profile (user_hash is a session concern added by the API). */
export interface AccountView {
  user_id: string;
  email: string;
  name: string;
  phone: string;
  is_staff: boolean;
  is_designer: boolean;
  is_guest: boolean;
  is_active: boolean;
  created: string;
  activated: string | null;
  is_erased: boolean;
}

export function accountView(state: AccountStreamState): AccountView | null {
  if (state.status === 'empty') return null;
  const { account } = state;
  return {
    user_id: account.userId,
    email: account.email,
    name: account.name,
    phone: account.phone,
    is_staff: account.isStaff,
    is_designer: account.isDesigner,
    is_guest: state.status === 'guest',
    is_active: state.status === 'active',
    created: account.created,
    activated: account.activated,
    is_erased: (account.erased ?? null) !== null,
  };
}
