import { useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert } from '../../../components/Alert';
import { errorMessage } from '../../../lib/api-client';
import { fetchMailPreview, mailPreviewKinds, type InternalProject, type MailPreviewKind } from '../api/internal-projects';

const kindNames: Record<MailPreviewKind, string> = {
  invoice: 'Invoice',
  pause: 'Paused',
  unpause: 'Back in production',
  reminder: 'Reminder',
  transfer: 'Transferred',
  activation: 'Account activation',
  password_reset: 'Password reset',
  profile_completion: 'Registration completion',
};

/**
 * Beside the e-mails panel: any of the shop's mails as this project's customer would get it now,
 * the HTML part in a sandboxed frame (no scripts, no links followed) and the text part under it.
 */
export function MailPreviewPanel({ project }: { project: InternalProject }) {
  const uid = useId();
  const [kind, setKind] = useState<MailPreviewKind>('invoice');
  const preview = useQuery({ queryKey: ['mail-preview', project.id, project.revision, kind], queryFn: () => fetchMailPreview(project.id, kind) });
  return (
    <details className="mail-preview">
      <summary>Preview the customer's e-mails</summary>
      <div className="field">
        <label htmlFor={`${uid}-kind`}>E-mail</label>
        <select id={`${uid}-kind`} value={kind} onChange={(e) => setKind(e.target.value as MailPreviewKind)}>
          {mailPreviewKinds.map((k) => (
            <option key={k} value={k}>
              {kindNames[k]}
            </option>
          ))}
        </select>
      </div>
      {preview.isPending && <p role="status">Rendering the e-mail…</p>}
      {preview.isError && <Alert>{errorMessage(preview.error)}</Alert>}
      {preview.data && (
        <>
          <p>
            To: {preview.data.to || '—'} · Subject: <strong>{preview.data.subject}</strong>
          </p>
          <iframe title={`${kindNames[kind]} e-mail, HTML part`} sandbox="" srcDoc={preview.data.html} className="mail-preview-frame" />
          <details>
            <summary>Text part</summary>
            <pre className="mail-preview-text">{preview.data.text}</pre>
          </details>
        </>
      )}
    </details>
  );
}
