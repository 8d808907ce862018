import { describe, expect, it } from 'vitest';
import { fold } from '../shared/decider.js';
import { DomainError } from '../shared/errors.js';
import { spec } from '../shared/test-support/given-when-then.js';
import { projectDecider } from './decider.js';
import { projectStates } from './model.js';
import { commandFor, created, customer, historyTo, member, projectIn, staff, stranger } from './test-support/fixtures.js';
import { actsForOwner, guardTransition, transitionTable, type GuardedCommandType } from './transitions.js';

const guardedTypes = Object.keys(transitionTable) as GuardedCommandType[];
const guardCodes = new Set(['ILLEGAL_TRANSITION', 'NOT_A_DRAFT', 'NOT_ALLOWED_IN_STATE', 'STAFF_ONLY', 'NOT_YOUR_PROJECT']);

/** Runs decide and returns the DomainError code it threw, or null. */
function codeOf(run: () => unknown): string | null {
  try {
    run();
    return null;
  } catch (error) {
    expect(error).toBeInstanceOf(DomainError);
    return (error as DomainError).code;
  }
}

describe('the transition table', () => {
  for (const type of guardedTypes) {
    const rule = transitionTable[type];
    for (const state of projectStates) {
      it(`${type} by staff in ${state}: ${rule.staff.includes(state) ? 'allowed' : rule.code}`, () => {
        const when = spec(projectDecider).given(historyTo[state]).when(commandFor(type, staff));
        if (rule.staff.includes(state)) {
          const code = codeOf(() => projectDecider.decide(commandFor(type, staff), fold(projectDecider, historyTo[state])));
          expect(guardCodes.has(code ?? '')).toBe(false);
        } else {
          when.thenThrows(rule.code);
        }
      });

      const customerCode = rule.owner.length === 0 ? 'STAFF_ONLY' : rule.owner.includes(state) ? null : rule.code;
      it(`${type} by the owner in ${state}: ${customerCode ?? 'allowed'}`, () => {
        const code = codeOf(() => projectDecider.decide(commandFor(type, customer), fold(projectDecider, historyTo[state])));
        if (customerCode === null) expect(guardCodes.has(code ?? '')).toBe(false);
        else expect(code).toBe(customerCode);
      });
    }
  }

  it('says why in a human sentence', () => {
    expect(() => guardTransition('Approve', staff, projectIn('D'))).toThrow('Cannot approve a project in state "Draft".');
  });

  it('keeps other customers out of a project that is not theirs', () => {
    spec(projectDecider).given(historyTo.D).when(commandFor('SaveDraft', stranger)).thenThrows('NOT_YOUR_PROJECT');
  });

  it('lets a member of the project organization act for the owner', () => {
    const orgHistory = [created({ organizationId: 'org-1' })];
    expect(projectDecider.decide(commandFor('SubmitForReview', member), fold(projectDecider, orgHistory))).toHaveLength(1);
    expect(actsForOwner(member, { user: 'u-1', organization_id: null })).toBe(false);
  });

  it('rejects every command on an empty stream as not found', () => {
    for (const type of guardedTypes) spec(projectDecider).given([]).when(commandFor(type, staff)).thenThrows('PROJECT_NOT_FOUND');
  });

  it('rejects every command on a deleted project as not found', () => {
    for (const type of guardedTypes) spec(projectDecider).given([created(), { type: 'ProjectDeleted', data: { at: 'x', by: 'u-1' } }]).when(commandFor(type, staff)).thenThrows('PROJECT_DELETED');
  });
});
