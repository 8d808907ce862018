import { isApiError, errorMessage } from './api-client';

export interface FormErrors<F extends string> {
  /** Messages to show beside the named inputs. */
  fields: Partial<Record<F, string>>;
  /** A message for the whole form (alert), when no field took it. */
  form?: string;
}

/**
 * Splits a failed call into per-field messages (from `problems[].field`, matched on the
 * first path segment) and a form-level message for the rest.
 */
export function formErrorsFrom<F extends string>(error: unknown, fieldNames: readonly F[]): FormErrors<F> {
  const fields: Partial<Record<F, string>> = {};
  if (!isApiError(error)) return { fields, form: errorMessage(error) };
  const unplaced: string[] = [];
  for (const problem of error.problems ?? []) {
    const key = problem.field.split('.')[0] as F;
    if (fieldNames.includes(key) && !fields[key]) fields[key] = problem.message;
    else unplaced.push(problem.message);
  }
  const placedAny = Object.keys(fields).length > 0;
  if (!placedAny) return { fields, form: error.message };
  return unplaced.length > 0 ? { fields, form: unplaced.join(' ') } : { fields };
}
