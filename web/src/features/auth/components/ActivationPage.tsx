import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router-dom';
import { paths } from '../../../lib/paths';
import { Alert } from '../../../components/Alert';
import { EmailField } from '../../../components/AccountFields';
import { errorMessage } from '../../../lib/api-client';
import { EMAIL_MESSAGE, isValidEmail } from '../../../lib/validation';
import { activateAccount, resendActivation } from '../api/account';

/** /activation/{token}: PUT /api/activation/ { activation_key } once, then offers to log in. */
export function ActivationPage() {
  const { token = '' } = useParams();
  // A write, not a read: a mutation, sent when the page opens.
  const { mutate: activate, status, error } = useMutation({ mutationFn: activateAccount });
  const started = useRef<string | null>(null);

  useEffect(() => {
    if (started.current === token) return; // one activation per token, even under StrictMode
    started.current = token;
    activate(token);
  }, [token, activate]);

  return (
    <section className="form-page">
      <h1>Account activation</h1>
      {(status === 'idle' || status === 'pending') && <p role="status">Activating your account…</p>}
      {status === 'success' && (
        <Alert kind="success">
          Your account is active. <Link to={paths.login}>Log in</Link> to continue.
        </Alert>
      )}
      {status === 'error' && (
        <>
          <Alert>{errorMessage(error)}</Alert>
          <ResendActivationForm />
        </>
      )}
    </section>
  );
}

function ResendActivationForm() {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string>();
  const [sent, setSent] = useState(false);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!isValidEmail(email)) {
      setError(EMAIL_MESSAGE);
      return;
    }
    setError(undefined);
    try {
      await resendActivation(email.trim());
      setSent(true);
    } catch (e) {
      setError(errorMessage(e));
    }
  }

  if (sent) return <Alert kind="success">If that address has an account waiting, a new activation link is on its way.</Alert>;
  return (
    <form onSubmit={onSubmit} noValidate aria-label="Send a new activation link">
      <p>Need a new link? Enter your e-mail address.</p>
      <EmailField value={email} onChange={setEmail} error={error} required={false} />
      <button type="submit">Send activation link</button>
    </form>
  );
}
