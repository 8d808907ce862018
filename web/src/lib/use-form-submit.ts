import { useState } from 'react';
import { formErrorsFrom, type FormErrors } from './form-errors';

/**
 * The errors and the busy flag of a form that checks its inputs in the browser before it calls
 * the server. `submit(problems, send)` shows `problems` (the browser's checks) if there are
 * any and calls nothing; otherwise it clears the errors and runs `send`, placing a refusal's
 * problems beside the fields named in `fieldNames` (formErrorsFrom). It answers whether `send`
 * succeeded.
 */
export function useFormSubmit<F extends string>(fieldNames: readonly F[]) {
  const [errors, setErrors] = useState<FormErrors<F>>({ fields: {} });
  const [submitting, setSubmitting] = useState(false);

  async function submit(problems: FormErrors<F>['fields'], send: () => Promise<void>): Promise<boolean> {
    if (Object.keys(problems).length > 0) {
      setErrors({ fields: problems });
      return false;
    }
    setSubmitting(true);
    setErrors({ fields: {} });
    try {
      await send();
      return true;
    } catch (error) {
      setErrors(formErrorsFrom(error, fieldNames));
      return false;
    } finally {
      setSubmitting(false);
    }
  }

  return { errors, submitting, submit };
}
