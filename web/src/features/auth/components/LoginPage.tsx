import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { paths } from '../../../lib/paths';
import { Alert } from '../../../components/Alert';
import { FormField } from '../../../components/FormField';
import { EmailField } from '../../../components/AccountFields';
import type { FormErrors } from '../../../lib/form-errors';
import { useFormSubmit } from '../../../lib/use-form-submit';
import { EMAIL_MESSAGE, isValidEmail } from '../../../lib/validation';
import { useSessionStore } from '../../../lib/session/session-store';

const fieldNames = ['email', 'password'] as const;
type Field = (typeof fieldNames)[number];

/** Only same-site paths are followed after login. */
export function safeNext(next: string | null): string | null {
  return next && next.startsWith('/') && !next.startsWith('//') ? next : null;
}

export function LoginPage() {
  const login = useSessionStore((s) => s.login);
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const { errors, submitting, submit } = useFormSubmit(fieldNames);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const fields: FormErrors<Field>['fields'] = {};
    if (!isValidEmail(email)) fields.email = EMAIL_MESSAGE;
    if (!password) fields.password = 'Please enter your password.';
    await submit(fields, async () => {
      await login({ email: email.trim(), password });
      void navigate(safeNext(searchParams.get('next')) ?? paths.projects);
    });
  }

  return (
    <section className="form-page">
      <h1>Log in</h1>
      <form onSubmit={onSubmit} noValidate aria-label="Log in">
        {errors.form && <Alert>{errors.form}</Alert>}
        <EmailField value={email} onChange={setEmail} error={errors.fields.email} />
        <FormField label="Password" name="password" type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} error={errors.fields.password} required />
        <button type="submit" disabled={submitting}>
          {submitting ? 'Logging in…' : 'Log in'}
        </button>
      </form>
      <p>
        <Link to={paths.forgotPassword}>Forgot your password?</Link>
      </p>
      <p>
        New here? <Link to={paths.signup}>Sign up</Link>
      </p>
    </section>
  );
}
