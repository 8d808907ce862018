import { stampOf } from '../account/actor.js';
import { assertNever, type Decider } from '../shared/decider.js';
import { DomainError, ruleViolation, validationFailed } from '../shared/errors.js';
import { emailProblem } from '../validation/credentials.js';
import type { OrganizationCommand, OrganizationInput } from './commands.js';
import type { OrganizationDetails, OrganizationEvent } from './events.js';
import { initialOrganizationState, type Organization, type OrganizationStreamState } from './state.js';

export const initialState = initialOrganizationState;

export function decide(command: OrganizationCommand, state: OrganizationStreamState): OrganizationEvent[] {
  if (!command.actor.isStaff) throw new DomainError('forbidden', 'STAFF_ONLY', 'Only staff can manage organizations.');
  const stamp = stampOf(command);
  if (command.type === 'CreateOrganization') {
    if (state.status !== 'empty') throw new DomainError('conflict', 'ORGANIZATION_EXISTS', 'This organization already exists.');
    return [{ type: 'OrganizationCreated', data: { organizationId: command.organizationId, ...details(command), ...stamp } }];
  }
  const organization = existing(state);
  switch (command.type) {
    case 'UpdateOrganization': {
      const next = details(command);
      return sameDetails(organization, next) ? [] : [{ type: 'OrganizationUpdated', data: { ...next, ...stamp } }];
    }
    case 'AddMember':
      if (organization.memberIds.includes(command.userId)) throw ruleViolation('ALREADY_A_MEMBER', 'This user is already a member.');
      return [{ type: 'MemberAdded', data: { userId: command.userId, ...stamp } }];
    case 'RemoveMember':
      if (!organization.memberIds.includes(command.userId)) throw ruleViolation('NOT_A_MEMBER', 'This user is not a member.');
      return [{ type: 'MemberRemoved', data: { userId: command.userId, ...stamp } }];
    case 'DeleteOrganization':
      return [{ type: 'OrganizationDeleted', data: { memberIds: organization.memberIds, ...stamp } }];
    default:
      return assertNever(command);
  }
}

function existing(state: OrganizationStreamState): Organization {
  if (state.status !== 'existing') throw new DomainError('not_found', 'ORGANIZATION_NOT_FOUND', 'This organization does not exist.');
  return state.organization;
}

function details(input: OrganizationInput): OrganizationDetails {
  const tidy = { name: input.name.trim(), email: (input.email ?? '').trim().toLowerCase(), phone: (input.phone ?? '').trim(), address: (input.address ?? '').trim() };
  const problems = [
    ...(tidy.name === '' ? [{ field: 'name', message: 'Please enter a name for the organization.' }] : []),
    ...(tidy.email === '' ? [] : emailProblems(tidy.email)),
  ];
  if (problems.length > 0) throw validationFailed(problems);
  return tidy;
}

function emailProblems(email: string) {
  const message = emailProblem(email);
  return message === null ? [] : [{ field: 'email', message }];
}

const sameDetails = (a: OrganizationDetails, b: OrganizationDetails): boolean =>
  a.name === b.name && a.email === b.email && a.phone === b.phone && a.address === b.address;

export function evolve(state: OrganizationStreamState, event: OrganizationEvent): OrganizationStreamState {
  if (event.type === 'OrganizationCreated') {
    const { organizationId, at, by: _by, ...rest } = event.data;
    return { status: 'existing', organization: { id: organizationId, ...rest, memberIds: [], created: at, updated: at } };
  }
  if (state.status !== 'existing') return state;
  const organization = { ...state.organization, updated: event.data.at };
  switch (event.type) {
    case 'OrganizationUpdated': {
      const { at: _at, by: _by, ...rest } = event.data;
      return { status: 'existing', organization: { ...organization, ...rest } };
    }
    case 'MemberAdded':
      return { status: 'existing', organization: { ...organization, memberIds: [...organization.memberIds, event.data.userId] } };
    case 'MemberRemoved':
      return { status: 'existing', organization: { ...organization, memberIds: organization.memberIds.filter((id) => id !== event.data.userId) } };
    case 'OrganizationDeleted':
      return { status: 'deleted', organization };
    default:
      return assertNever(event);
  }
}

export const organizationDecider: Decider<OrganizationCommand, OrganizationEvent, OrganizationStreamState> = { decide, evolve, initialState };
