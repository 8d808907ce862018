import { useId, useState } from 'react';
import { pauseProject, sendInvoice, sendReminder, unpauseProject, type InternalProject } from '../api/internal-projects';
import type { Act } from './detail-helpers';
import { MailPreviewPanel } from './MailPreviewPanel';
import { Panel } from './Panel';

/** Pause / unpause with a message, a reminder, and the invoice e-mail. */
export function EmailsPanel({ project, busy, act }: { project: InternalProject; busy: boolean; act: Act }) {
  const uid = useId();
  const [pauseMessage, setPauseMessage] = useState('');
  const [reminder, setReminder] = useState('');
  const [invoiceEmail, setInvoiceEmail] = useState('');
  const canPause = project.state === 'P' || project.state === 'I';
  return (
    <Panel title="Customer e-mails">
      {(canPause || project.state === 'PS') && (
        <form
          className="inline-form"
          onSubmit={(e) => {
            e.preventDefault();
            void act(() => (canPause ? pauseProject(project, pauseMessage) : unpauseProject(project, pauseMessage)), canPause ? 'Project paused.' : 'Project resumed.').then(
              (ok) => ok && setPauseMessage(''),
            );
          }}
        >
          <div className="field wide">
            <label htmlFor={`${uid}-pause`}>{canPause ? 'Pause message' : 'Unpause message'}</label>
            <textarea id={`${uid}-pause`} rows={2} value={pauseMessage} onChange={(e) => setPauseMessage(e.target.value)} />
          </div>
          <button type="submit" disabled={busy}>
            {canPause ? 'Pause project' : 'Unpause project'}
          </button>
        </form>
      )}
      <form
        className="inline-form"
        onSubmit={(e) => {
          e.preventDefault();
          void act(() => sendReminder(project, reminder), 'Reminder sent.').then((ok) => ok && setReminder(''));
        }}
      >
        <div className="field wide">
          <label htmlFor={`${uid}-reminder`}>Reminder message</label>
          <textarea id={`${uid}-reminder`} rows={2} value={reminder} onChange={(e) => setReminder(e.target.value)} />
        </div>
        <button type="submit" disabled={busy || project.state === 'X'}>
          Send reminder
        </button>
      </form>
      <form
        className="inline-form"
        onSubmit={(e) => {
          e.preventDefault();
          void act(() => sendInvoice(project, invoiceEmail.trim()), 'Invoice sent.');
        }}
      >
        <div className="field">
          <label htmlFor={`${uid}-invoice`}>Invoice e-mail (blank: the customer)</label>
          <input id={`${uid}-invoice`} type="email" value={invoiceEmail} onChange={(e) => setInvoiceEmail(e.target.value)} />
        </div>
        <button type="submit" disabled={busy}>
          Send invoice
        </button>
      </form>
      <MailPreviewPanel project={project} />
    </Panel>
  );
}
