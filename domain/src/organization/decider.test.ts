import { describe, expect, it } from 'vitest';
import type { Actor } from '../account/actor.js';
import { fold } from '../shared/decider.js';
import { spec } from '../shared/test-support/given-when-then.js';
import type { OrganizationCommand } from './commands.js';
import { organizationDecider } from './decider.js';
import { OrganizationEvent, organizationEventTypes } from './events.js';
import { organizationView } from './state.js';

const organization = spec(organizationDecider);
const at = '2024-03-01T10:00:00.000Z';
const staff: Actor = { userId: 's-1', isStaff: true };
const customer: Actor = { userId: 'u-1', isStaff: false };
const stamp = { at, by: 's-1' };
const command = <C extends OrganizationCommand['type']>(type: C, extra: object = {}, actor: Actor = staff) => ({ type, at, actor, ...extra }) as Extract<OrganizationCommand, { type: C }>;

const created: OrganizationEvent = { type: 'OrganizationCreated', data: { organizationId: 'org-1', name: 'Hotel Co', email: '', phone: '', address: '', ...stamp } };
const added: OrganizationEvent = { type: 'MemberAdded', data: { userId: 'u-1', ...stamp } };
const deleted: OrganizationEvent = { type: 'OrganizationDeleted', data: { memberIds: [], ...stamp } };

describe('CreateOrganization', () => {
  it('creates with tidied details', () => {
    organization.given([]).when(command('CreateOrganization', { organizationId: 'org-1', name: ' Hotel Co ' })).then([created]);
    organization.given([]).when(command('CreateOrganization', { organizationId: 'org-1', name: 'Hotel Co', email: 'OPS@hotel.co', phone: '555', address: '1 Main St' })).then([
      { type: 'OrganizationCreated', data: { organizationId: 'org-1', name: 'Hotel Co', email: 'ops@hotel.co', phone: '555', address: '1 Main St', ...stamp } },
    ]);
  });
  it('needs a name, a valid e-mail if any, a fresh id and staff', () => {
    organization.given([]).when(command('CreateOrganization', { organizationId: 'org-1', name: '' })).thenThrows('VALIDATION_FAILED');
    organization.given([]).when(command('CreateOrganization', { organizationId: 'org-1', name: 'A', email: 'nope' })).thenThrows('VALIDATION_FAILED');
    organization.given([created]).when(command('CreateOrganization', { organizationId: 'org-1', name: 'A' })).thenThrows('ORGANIZATION_EXISTS');
    organization.given([]).when(command('CreateOrganization', { organizationId: 'org-1', name: 'A' }, customer)).thenThrows('STAFF_ONLY');
  });
});

describe('UpdateOrganization', () => {
  it('records the new details; no change, no event', () => {
    organization.given([created]).when(command('UpdateOrganization', { name: 'Hotel Group', phone: '1' })).then([
      { type: 'OrganizationUpdated', data: { name: 'Hotel Group', email: '', phone: '1', address: '', ...stamp } },
    ]);
    organization.given([created]).when(command('UpdateOrganization', { name: 'Hotel Co' })).then([]);
  });
  it('is not found on an empty or deleted stream', () => {
    organization.given([]).when(command('UpdateOrganization', { name: 'X' })).thenThrows('ORGANIZATION_NOT_FOUND');
    organization.given([created, deleted]).when(command('UpdateOrganization', { name: 'X' })).thenThrows('ORGANIZATION_NOT_FOUND');
  });
});

describe('members', () => {
  it('AddMember and RemoveMember', () => {
    organization.given([created]).when(command('AddMember', { userId: 'u-1' })).then([added]);
    organization.given([created, added]).when(command('RemoveMember', { userId: 'u-1' })).then([{ type: 'MemberRemoved', data: { userId: 'u-1', ...stamp } }]);
  });
  it('adding a member twice or removing a non-member is a rule error', () => {
    organization.given([created, added]).when(command('AddMember', { userId: 'u-1' })).thenThrows('ALREADY_A_MEMBER');
    organization.given([created]).when(command('RemoveMember', { userId: 'u-1' })).thenThrows('NOT_A_MEMBER');
    organization.given([created]).when(command('AddMember', { userId: 'u-1' }, customer)).thenThrows('STAFF_ONLY');
  });
});

describe('DeleteOrganization', () => {
  it('records the members it had', () => {
    organization.given([created, added]).when(command('DeleteOrganization')).then([{ type: 'OrganizationDeleted', data: { memberIds: ['u-1'], ...stamp } }]);
    organization.given([created, deleted]).when(command('DeleteOrganization')).thenThrows('ORGANIZATION_NOT_FOUND');
  });
});

describe('evolve and organizationView', () => {
  const viewAfter = (events: OrganizationEvent[]) => organizationView(fold(organizationDecider, events));
  it('follows details and members, and keeps a deleted organization readable', () => {
    expect(viewAfter([])).toBeNull();
    expect(viewAfter([added])).toBeNull();
    const events: OrganizationEvent[] = [
      created,
      added,
      { type: 'MemberAdded', data: { userId: 'u-2', ...stamp } },
      { type: 'MemberRemoved', data: { userId: 'u-1', ...stamp } },
      { type: 'OrganizationUpdated', data: { name: 'Hotel Group', email: 'a@b.co', phone: '', address: '', at: '2024-04-01T00:00:00.000Z', by: 's-1' } },
    ];
    expect(viewAfter(events)).toEqual({ id: 'org-1', name: 'Hotel Group', email: 'a@b.co', phone: '', address: '', members: ['u-2'], created: at, updated: '2024-04-01T00:00:00.000Z', deleted: false });
    expect(viewAfter([...events, deleted])).toMatchObject({ deleted: true, members: ['u-2'] });
    expect(viewAfter([created, deleted, added])?.members).toEqual([]);
  });
  it('event schemas accept what the decider emits', () => {
    expect(organizationEventTypes).toEqual(['OrganizationCreated', 'OrganizationUpdated', 'MemberAdded', 'MemberRemoved', 'OrganizationDeleted']);
    for (const event of [created, added, deleted]) expect(OrganizationEvent.parse(event)).toEqual(event);
  });
});

describe('unknown messages', () => {
  it('an unknown command or event type is a programming error, not a silent no-op', () => {
    const bogusCommand = { type: 'Rename', at, actor: staff } as unknown as OrganizationCommand;
    expect(() => organizationDecider.decide(bogusCommand, fold(organizationDecider, [created]))).toThrow('Unhandled case');
    const bogusEvent = { type: 'Renamed', data: stamp } as unknown as OrganizationEvent;
    expect(() => fold(organizationDecider, [created, bogusEvent])).toThrow('Unhandled case');
  });
});
