import type { OrganizationDetails } from './events.js';

export interface Organization extends OrganizationDetails {
  id: string;
  memberIds: string[];
  created: string;
  updated: string;
}

/** A deleted organization is kept so its history (and shipped projects) can still be read. */
export type OrganizationStreamState =
  | { status: 'empty' }
  | { status: 'existing'; organization: Organization }
  | { status: 'deleted'; organization: Organization };

export const initialOrganizationState = (): OrganizationStreamState => ({ status: 'empty' });

export interface OrganizationView {
  id: string;
  name: string;
  email: string;
  phone: string;
  address: string;
  members: string[];
  created: string;
  updated: string;
  deleted: boolean;
}

export function organizationView(state: OrganizationStreamState): OrganizationView | null {
  if (state.status === 'empty') return null;
  const { organization } = state;
  return {
    id: organization.id,
    name: organization.name,
    email: organization.email,
    phone: organization.phone,
    address: organization.address,
    members: organization.memberIds,
    created: organization.created,
    updated: organization.updated,
    deleted: state.status === 'deleted',
  };
}
