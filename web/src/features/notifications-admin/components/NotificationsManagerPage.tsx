import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { Alert } from '../../../components/Alert';
import { errorMessage } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import {
  createNotification,
  deleteNotification,
  fetchAllNotifications,
  updateNotification,
  type NotificationInput,
} from '../api/notifications-admin';

/** Every notification, as staff manage them; the banner reads the active ones under the same prefix. */
const notificationsKey = [...queryKeys.notifications, 'all'] as const;

function NotificationForm({
  initial,
  submitLabel,
  onSubmit,
  onCancel,
}: {
  initial: NotificationInput;
  submitLabel: string;
  onSubmit: (input: NotificationInput) => Promise<boolean>;
  onCancel?: () => void;
}) {
  const id = useId();
  const [message, setMessage] = useState(initial.message);
  const [active, setActive] = useState(initial.active);
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!message.trim()) {
      setError('Please enter a message.');
      return;
    }
    setError(undefined);
    setBusy(true);
    const ok = await onSubmit({ message: message.trim(), active });
    setBusy(false);
    if (ok && !onCancel) {
      setMessage('');
      setActive(true);
    }
  }

  return (
    <form onSubmit={submit} noValidate aria-label={submitLabel} className="notification-form">
      <div className="field">
        <label htmlFor={`${id}-message`}>Message (Markdown)</label>
        <textarea id={`${id}-message`} rows={3} value={message} onChange={(e) => setMessage(e.target.value)} aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined} />
        {error && (
          <p id={`${id}-error`} className="field-error">
            {error}
          </p>
        )}
      </div>
      <div className="field checkbox">
        <input id={`${id}-active`} type="checkbox" checked={active} onChange={(e) => setActive(e.target.checked)} />
        <label htmlFor={`${id}-active`}>Active (shown in the banner)</label>
      </div>
      <div className="actions">
        <button type="submit" disabled={busy}>
          {submitLabel}
        </button>
        {onCancel && (
          <button type="button" onClick={onCancel}>
            Cancel
          </button>
        )}
      </div>
    </form>
  );
}

/** /internal/notifications/: staff create, edit, switch on/off and delete banner notifications. */
export function NotificationsManagerPage() {
  const queryClient = useQueryClient();
  const load = useQuery({ queryKey: notificationsKey, queryFn: fetchAllNotifications });
  const [editing, setEditing] = useState<string | null>(null);
  const [notice, setNotice] = useState<{ kind: 'error' | 'success'; text: string }>();

  async function act(action: () => Promise<unknown>, success: string): Promise<boolean> {
    setNotice(undefined);
    try {
      await action();
      setNotice({ kind: 'success', text: success });
      // The banner's read too: a staff change shows in the banner without a reload.
      void queryClient.invalidateQueries({ queryKey: queryKeys.notifications });
      return true;
    } catch (error) {
      setNotice({ kind: 'error', text: errorMessage(error) });
      return false;
    }
  }

  return (
    <section>
      <h1>Notifications</h1>
      <p>Active notifications rotate in the banner at the top of every page.</p>
      {notice && <Alert kind={notice.kind}>{notice.text}</Alert>}
      <h2>New notification</h2>
      <NotificationForm initial={{ message: '', active: true }} submitLabel="Add notification" onSubmit={(input) => act(() => createNotification(input), 'The notification has been added.')} />
      <h2>All notifications</h2>
      {load.isPending && <p role="status">Loading notifications…</p>}
      {load.isError && <Alert>{errorMessage(load.error)}</Alert>}
      {load.data?.length === 0 && <p>No notifications yet.</p>}
      {load.data && load.data.length > 0 && (
        <ul className="notification-list">
          {load.data.map((n) => (
            <li key={n.id}>
              {editing === n.id ? (
                <NotificationForm
                  initial={{ message: n.message, active: n.active }}
                  submitLabel="Save notification"
                  onCancel={() => setEditing(null)}
                  onSubmit={async (input) => {
                    const ok = await act(() => updateNotification(n.id, input), 'The notification has been saved.');
                    if (ok) setEditing(null);
                    return ok;
                  }}
                />
              ) : (
                <>
                  <p className="notification-text">{n.message}</p>
                  <p>{n.active ? 'Active' : 'Inactive'}</p>
                  <div className="actions">
                    <button type="button" onClick={() => setEditing(n.id)}>
                      Edit
                    </button>
                    <button type="button" onClick={() => void act(() => updateNotification(n.id, { message: n.message, active: !n.active }), n.active ? 'The notification is now inactive.' : 'The notification is now active.')}>
                      {n.active ? 'Deactivate' : 'Activate'}
                    </button>
                    <button
                      type="button"
                      className="danger"
                      onClick={() => {
                        if (window.confirm('Delete this notification?')) void act(() => deleteNotification(n.id), 'The notification has been deleted.');
                      }}
                    >
                      Delete
                    </button>
                  </div>
                </>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
