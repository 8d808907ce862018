/**
 * Typed business errors. The HTTP layer maps `kind` to a status in one place:
 * validation → 400, forbidden → 403, not_found → 404, conflict → 409, rule → 422.
 */
export type DomainErrorKind = 'validation' | 'forbidden' | 'not_found' | 'conflict' | 'rule';

export interface FieldProblem {
  /** Dotted path of the offending field, e.g. `fabrics.0.items.2.quantity`. */
  field: string;
  message: string;
}

export class DomainError extends Error {
  constructor(
    readonly kind: DomainErrorKind,
    /** Stable machine-readable code, e.g. `ILLEGAL_TRANSITION`. */
    readonly code: string,
    message: string,
    readonly problems: FieldProblem[] = [],
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

export const ruleViolation = (code: string, message: string) => new DomainError('rule', code, message);
export const validationFailed = (problems: FieldProblem[]) =>
  new DomainError('validation', 'VALIDATION_FAILED', problems[0]?.message ?? 'Invalid input.', problems);
