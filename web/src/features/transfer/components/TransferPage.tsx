import { useState, type FormEvent } from 'react';
import { FormField } from '../../../components/FormField';
import { errorMessage } from '../../../lib/api-client';
import { EMAIL_MESSAGE, isValidEmail } from '../../../lib/validation';
import { checkUser, describeCheckedUser, messageOf, transferProject } from '../api/transfer';

export const DEFAULT_TRANSFER_MESSAGE = 'Enter details to transfer project';

/** /internal/transfer/: check the receiving user, then move a project to them. */
export function TransferPage() {
  const [projectId, setProjectId] = useState('');
  const [email, setEmail] = useState('');
  const [message, setMessage] = useState(DEFAULT_TRANSFER_MESSAGE);
  const [failed, setFailed] = useState(false);
  const [busy, setBusy] = useState(false);
  const [fieldErrors, setFieldErrors] = useState<{ projectId?: string; email?: string }>({});

  function validate(needProject: boolean): boolean {
    const errors: { projectId?: string; email?: string } = {};
    if (!isValidEmail(email)) errors.email = EMAIL_MESSAGE;
    if (needProject && !projectId.trim()) errors.projectId = 'Please enter the project id.';
    setFieldErrors(errors);
    return Object.keys(errors).length === 0;
  }

  async function run(action: () => Promise<string>) {
    setBusy(true);
    try {
      setMessage(await action());
      setFailed(false);
    } catch (error) {
      setMessage(errorMessage(error));
      setFailed(true);
    } finally {
      setBusy(false);
    }
  }

  function onCheck() {
    if (!validate(false)) return;
    void run(async () => describeCheckedUser(await checkUser(email.trim()), email.trim()));
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!validate(true)) return;
    void run(async () => messageOf(await transferProject(projectId.trim(), email.trim())) ?? 'The project has been transferred.');
  }

  return (
    <section className="form-page">
      <h1>Transfer project</h1>
      <p className={failed ? 'transfer-message field-error' : 'transfer-message'} role="status" aria-live="polite">
        {message}
      </p>
      <form onSubmit={onSubmit} noValidate aria-label="Transfer project">
        <FormField label="Project id" name="project_id" value={projectId} onChange={(e) => setProjectId(e.target.value)} error={fieldErrors.projectId} required />
        <FormField label="New owner's e-mail" name="email" type="email" value={email} onChange={(e) => setEmail(e.target.value)} error={fieldErrors.email} required />
        <div className="actions">
          <button type="button" onClick={onCheck} disabled={busy}>
            Check user
          </button>
          <button type="submit" disabled={busy}>
            Transfer
          </button>
        </div>
      </form>
    </section>
  );
}
