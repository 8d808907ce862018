import { useQuery } from '@tanstack/react-query';
import { useRef, useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router-dom';
import { paths } from '../../../lib/paths';
import { Alert } from '../../../components/Alert';
import { NameField, NewPasswordField } from '../../../components/AccountFields';
import { errorMessage } from '../../../lib/api-client';
import type { FormErrors } from '../../../lib/form-errors';
import { useFormSubmit } from '../../../lib/use-form-submit';
import { PASSWORD_RULE_MESSAGE, isValidPassword } from '../../../lib/validation';
import { completeProfile, fetchProfileCompletion, joinAccount, type ProfileCompletionInfo } from '../api/account';
import { clearPendingRegistration } from '../../../lib/session/guest-registration';
import { useSessionStore } from '../../../lib/session/session-store';

const fieldNames = ['name', 'password'] as const;
type Field = (typeof fieldNames)[number];

/**
 * /profile-completion/{token}: a guest finishes registering.
 * GET /api/profile-completion/{token}, then PUT /api/profile-completion/{token}/ { name, password }.
 * Once the PUT used the token, the server answers its GET 404; the page may still be asked to read
 * again (the log-in the PUT made resets every cached read, a live update invalidates them), so from
 * then on it answers from what it read before and never asks the server about a used token.
 */
export function ProfileCompletionPage() {
  const { token = '' } = useParams();
  const reloadSession = useSessionStore((s) => s.load);
  const used = useRef<ProfileCompletionInfo | null>(null);
  const load = useQuery({ queryKey: ['profile-completion', token], queryFn: () => used.current ?? fetchProfileCompletion(token) });
  // What the guest typed; until then the field shows the name the invitation carries.
  const [typedName, setName] = useState<string | null>(null);
  const name = typedName ?? load.data?.name ?? '';
  const [password, setPassword] = useState('');
  const { errors, submitting, submit } = useFormSubmit(fieldNames);
  const [done, setDone] = useState(false);
  const [joined, setJoined] = useState<string | null>(null);

  async function onJoin() {
    await submit({}, async () => {
      const message = await joinAccount(token);
      used.current = load.data ?? {};
      setJoined(message);
      clearPendingRegistration();
    });
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const fields: FormErrors<Field>['fields'] = {};
    if (!name.trim()) fields.name = 'Please enter your name.';
    if (!isValidPassword(password)) fields.password = PASSWORD_RULE_MESSAGE;
    await submit(fields, async () => {
      await completeProfile(token, { name: name.trim(), password });
      used.current = load.data ?? {};
      setDone(true);
      clearPendingRegistration();
      await reloadSession(); // the server may have started a session
    });
  }

  return (
    <section className="form-page">
      <h1>Complete your profile</h1>
      {load.isPending && !done && !joined && <p role="status">Loading…</p>}
      {load.isError && <Alert>{errorMessage(load.error)}</Alert>}
      {done && (
        <Alert kind="success">
          Your account is ready. Go to <Link to={paths.projects}>your projects</Link> or <Link to={paths.login}>log in</Link>.
        </Alert>
      )}
      {joined && (
        <Alert kind="success">
          {joined} <Link to={paths.login}>Log in</Link>
        </Alert>
      )}
      {load.isSuccess && !joined && load.data.hasAccount && (
        <div>
          <p>{load.data.email} already has an account. This link adds the project you saved as a guest to it; log in afterwards to see it.</p>
          {errors.form && <Alert>{errors.form}</Alert>}
          <button type="button" onClick={() => void onJoin()} disabled={submitting}>
            Add my project to my account
          </button>
        </div>
      )}
      {load.isSuccess && !done && !load.data.hasAccount && (
        <form onSubmit={onSubmit} noValidate aria-label="Complete your profile">
          {load.data.email && <p>Finish registering {load.data.email} to keep your project.</p>}
          {errors.form && <Alert>{errors.form}</Alert>}
          <NameField value={name} onChange={setName} error={errors.fields.name} />
          <NewPasswordField value={password} onChange={setPassword} error={errors.fields.password} />
          <button type="submit" disabled={submitting}>
            Complete registration
          </button>
        </form>
      )}
    </section>
  );
}
