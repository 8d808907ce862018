import { Alert } from '../../../components/Alert';
import { errorMessage } from '../../../lib/api-client';
import { formatCents } from '../../../lib/format';
import type { CardPayment } from '../api/card-payments';
import { useCardPayments } from '../api/queries';
import { dateTime } from './detail-helpers';
import { Panel } from './Panel';

/** What staff read of a capture's state (decision 0380): the customer counts as paid from the authorisation. */
function captureStateText(payment: CardPayment): string {
  const tries = payment.attempts === 1 ? '1 attempt' : `${payment.attempts} attempts`;
  switch (payment.state) {
    case 'captured':
      return payment.attempts > 1 ? `Captured (after ${tries})` : 'Captured';
    case 'capture_failed':
      return `Capture failed after ${tries}: ${payment.last_error ?? 'no reason given'}`;
    case 'authorized':
      if (payment.attempts === 0) return 'Authorised, capture waiting';
      if (payment.status === 'capturing') return `Authorised, capturing (attempt ${payment.attempts})`;
      return `Authorised, capture refused ${payment.attempts === 1 ? 'once' : `${payment.attempts} times`} (${payment.last_error ?? 'no reason given'}); next try ${payment.next_attempt_at ? dateTime(payment.next_attempt_at) : 'soon'}`;
  }
}

/** Each card payment of the project and its capture: authorised, captured, or failed with the gateway's reason and the attempts. */
export function CardPaymentsPanel({ projectId }: { projectId: string }) {
  const payments = useCardPayments(projectId);
  return (
    <Panel title="Card payments">
      {payments.isPending ? (
        <p role="status">Loading card payments…</p>
      ) : payments.isError ? (
        <Alert>{errorMessage(payments.error)}</Alert>
      ) : payments.data.length === 0 ? (
        <p>No card payments.</p>
      ) : (
        <div className="table-wrap">
          <table>
            <thead>
              <tr>
                <th scope="col">Authorised</th>
                <th scope="col">Amount</th>
                <th scope="col">Capture</th>
                <th scope="col">Charge</th>
              </tr>
            </thead>
            <tbody>
              {payments.data.map((payment) => (
                <tr key={payment.charge_id} className={payment.state === 'capture_failed' ? 'capture-failed' : undefined}>
                  <td>{dateTime(payment.authorized_at)}</td>
                  <td>{formatCents(payment.amount)}</td>
                  <td>{captureStateText(payment)}</td>
                  <td>
                    <code>{payment.charge_id}</code>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Panel>
  );
}
