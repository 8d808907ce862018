import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { paths } from '../../../lib/paths';
import { Alert } from '../../../components/Alert';
import { FormField } from '../../../components/FormField';
import { NewPasswordField } from '../../../components/AccountFields';
import type { FormErrors } from '../../../lib/form-errors';
import { useFormSubmit } from '../../../lib/use-form-submit';
import { PASSWORDS_DIFFER_MESSAGE, PASSWORD_RULE_MESSAGE, isValidPassword } from '../../../lib/validation';
import { confirmPasswordReset } from '../api/account';

const fieldNames = ['password', 'confirm'] as const;
type Field = (typeof fieldNames)[number];

/** /password-reset?token=…: POST /api/password-reset/confirm/ { password, token }. */
export function PasswordResetPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const { errors, submitting, submit } = useFormSubmit(fieldNames);
  const [done, setDone] = useState(false);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const fields: FormErrors<Field>['fields'] = {};
    if (!isValidPassword(password)) fields.password = PASSWORD_RULE_MESSAGE;
    else if (password !== confirm) fields.confirm = PASSWORDS_DIFFER_MESSAGE;
    await submit(fields, async () => {
      await confirmPasswordReset(password, token);
      setDone(true);
    });
  }

  if (!token) {
    return (
      <section className="form-page">
        <h1>Reset password</h1>
        <Alert>This reset link is incomplete. Use the link from your e-mail, or <Link to={paths.forgotPassword}>ask for a new one</Link>.</Alert>
      </section>
    );
  }

  return (
    <section className="form-page">
      <h1>Reset password</h1>
      {done ? (
        <Alert kind="success">
          Your password has been changed. <Link to={paths.login}>Log in</Link> with your new password.
        </Alert>
      ) : (
        <form onSubmit={onSubmit} noValidate aria-label="Reset password">
          {errors.form && <Alert>{errors.form}</Alert>}
          <NewPasswordField label="New password" value={password} onChange={setPassword} error={errors.fields.password} />
          <FormField label="Confirm new password" name="confirm" type="password" autoComplete="new-password" value={confirm} onChange={(e) => setConfirm(e.target.value)} error={errors.fields.confirm} required />
          <button type="submit" disabled={submitting}>
            Change password
          </button>
        </form>
      )}
    </section>
  );
}
