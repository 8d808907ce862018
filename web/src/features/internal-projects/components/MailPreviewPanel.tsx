import { useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert } from '../../../components/Alert';
import { errorMessage } from '../../../lib/api-client';
import { fetchMailPreview, mailPreviewHtmlUrl, mailPreviewKinds, type InternalProject, type MailPreviewKind } from '../api/internal-projects';

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
 * Beside the e-mails panel: any of the shop's mails as this project's customer would get it now.
 * The text part shows here; the HTML part opens in its own tab, as its own document (its inline
 * styles are allowed there, never on this page), and is fetched only once the preview is opened.
 */
export function MailPreviewPanel({ project }: { project: InternalProject }) {
  const uid = useId();
  const [open, setOpen] = useState(false);
  const [kind, setKind] = useState<MailPreviewKind>('invoice');
  const preview = useQuery({ queryKey: ['mail-preview', project.id, project.revision, kind], queryFn: () => fetchMailPreview(project.id, kind), enabled: open });
  return (
    <details className="mail-preview" onToggle={(e) => setOpen(e.currentTarget.open)}>
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
      {open && preview.isPending && <p role="status">Rendering the e-mail…</p>}
      {preview.isError && <Alert>{errorMessage(preview.error)}</Alert>}
      {preview.data && (
        <>
          <p>
            To: {preview.data.to || '—'} · Subject: <strong>{preview.data.subject}</strong> ·{' '}
            <a href={mailPreviewHtmlUrl(project.id, kind)} target="_blank" rel="noreferrer">
              Open the HTML part
            </a>
          </p>
          <pre className="mail-preview-text" aria-label={`${kindNames[kind]} e-mail, text part`}>
            {preview.data.text}
          </pre>
        </>
      )}
    </details>
  );
}
