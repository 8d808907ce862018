import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '../../../lib/paths';
import { Alert } from '../../../components/Alert';
import { EmailField } from '../../../components/AccountFields';
import { useFormSubmit } from '../../../lib/use-form-submit';
import { EMAIL_MESSAGE, isValidEmail } from '../../../lib/validation';
import { requestPasswordReset } from '../api/account';

const fieldNames = ['email'] as const;

/** /forgot-password: POST /api/password-reset/reset_password/ { email }. */
export function ForgotPasswordPage() {
  const [email, setEmail] = useState('');
  const { errors, submitting, submit } = useFormSubmit(fieldNames);
  const [sent, setSent] = useState(false);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    await submit(isValidEmail(email) ? {} : { email: EMAIL_MESSAGE }, async () => {
      await requestPasswordReset(email.trim());
      setSent(true);
    });
  }

  return (
    <section className="form-page">
      <h1>Forgot password</h1>
      {sent ? (
        <Alert kind="success">If an account exists for {email.trim()}, we sent it a link to reset the password.</Alert>
      ) : (
        <form onSubmit={onSubmit} noValidate aria-label="Forgot password">
          {errors.form && <Alert>{errors.form}</Alert>}
          <EmailField value={email} onChange={setEmail} error={errors.fields.email} />
          <button type="submit" disabled={submitting}>
            Send reset link
          </button>
        </form>
      )}
      <p>
        <Link to={paths.login}>Back to log in</Link>
      </p>
    </section>
  );
}
