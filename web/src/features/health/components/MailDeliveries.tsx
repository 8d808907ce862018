import { useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert } from '../../../components/Alert';
import { errorMessage } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format';
import { fetchMailDeliveries, type DeliveryFilter, type MailDelivery } from '../api/mail-deliveries';

/** New failures and retries show while the page is open, as its lag figures do. */
const REFRESH_MS = 5_000;

const filters: Record<DeliveryFilter, { label: string; none: string }> = {
  failed: { label: 'Failed', none: 'No mail has failed.' },
  retried: { label: 'Retried', none: 'No mail needed more than one attempt.' },
  unsent: { label: 'Not sent yet', none: 'Every mail asked for has been sent or has failed.' },
};

const when = (iso: string | null) => (iso ? `${formatDate(iso)} ${new Date(iso).toLocaleTimeString('en-US')}` : '—');

/** What became of a delivery, in words. */
function deliveryOutcome(delivery: MailDelivery): string {
  switch (delivery.status) {
    case 'sent':
      return `Sent ${when(delivery.settled_at)}`;
    case 'failed':
      return `Failed ${when(delivery.settled_at)}`;
    case 'sending':
      return 'Sending now';
    case 'pending':
      return delivery.attempts === 0 ? 'Waiting to be sent' : `Next attempt ${when(delivery.next_attempt_at)}`;
  }
}

/**
 * Failed and retried mail, listed for staff (issue 54 item 5, decision 0327), from
 * GET /api/internal/mail-deliveries/: who it was for, what kind, its attempts and the last
 * refusal, newest request first.
 */
export function MailDeliveries() {
  const uid = useId();
  const [filter, setFilter] = useState<DeliveryFilter>('failed');
  const deliveries = useQuery({ queryKey: ['mail-deliveries', filter], queryFn: () => fetchMailDeliveries(filter), refetchInterval: REFRESH_MS, staleTime: 0 });
  return (
    <section aria-labelledby={`${uid}-title`}>
      <h2 id={`${uid}-title`}>Mail deliveries</h2>
      <div className="field">
        <label htmlFor={`${uid}-filter`}>Show</label>
        <select id={`${uid}-filter`} value={filter} onChange={(e) => setFilter(e.target.value as DeliveryFilter)}>
          {Object.entries(filters).map(([value, { label }]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      </div>
      {deliveries.isPending && <p role="status">Loading mail deliveries…</p>}
      {deliveries.isError && <Alert>{errorMessage(deliveries.error)}</Alert>}
      {deliveries.data?.length === 0 && <p>{filters[filter].none}</p>}
      {deliveries.data && deliveries.data.length > 0 && (
        <div className="table-wrap">
          <table aria-label={`${filters[filter].label} mail`}>
            <thead>
              <tr>
                <th scope="col">Asked for</th>
                <th scope="col">Kind</th>
                <th scope="col">To</th>
                <th scope="col">Attempts</th>
                <th scope="col">Outcome</th>
                <th scope="col">Last error</th>
              </tr>
            </thead>
            <tbody>
              {deliveries.data.map((delivery) => (
                <tr key={delivery.id}>
                  <td>{when(delivery.requested_at)}</td>
                  <td>{delivery.kind.replace(/_/g, ' ')}</td>
                  <td>{delivery.recipient}</td>
                  <td>{delivery.attempts}</td>
                  <td>{deliveryOutcome(delivery)}</td>
                  <td>{delivery.last_error ?? '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
