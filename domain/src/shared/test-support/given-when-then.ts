import { expect } from 'vitest';
import { fold, type Decider } from '../decider.js';
import { DomainError } from '../errors.js';

/**
 * Given/when/then for deciders:
 *   spec(decider).given([...past events]).when(command).then([...new events])
 *   spec(decider).given([...]).when(command).thenThrows('ILLEGAL_TRANSITION')
 */
export function spec<C, E, S>(decider: Decider<C, E, S>) {
  return {
    given(events: E[]) {
      return {
        when(command: C) {
          const run = () => decider.decide(command, fold(decider, events));
          return {
            then(expected: E[]) {
              expect(run()).toEqual(expected);
            },
            thenThrows(code: string) {
              let caught: unknown;
              try {
                run();
              } catch (error) {
                caught = error;
              }
              expect(caught, `expected DomainError ${code}`).toBeInstanceOf(DomainError);
              expect((caught as DomainError).code).toBe(code);
            },
          };
        },
      };
    },
  };
}
