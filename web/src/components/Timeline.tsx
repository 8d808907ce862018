import { formatPrice } from '@shop/domain';
import { formatDate } from '../lib/format';

export interface TimelineStep {
  step: string;
  label: string;
  at: string;
  detail: Record<string, unknown>;
}

const text = (value: unknown) => (typeof value === 'string' && value ? value : null);
const cents = (value: unknown) => (typeof value === 'number' ? value : null);

/** The customer's timeline of their project, oldest first, with tracking links for shipped parcels. */
export function Timeline({ steps }: { steps: readonly TimelineStep[] }) {
  if (steps.length === 0) return <p>Nothing has happened on this project yet.</p>;
  return (
    <ol className="timeline">
      {steps.map((entry, index) => {
        const trackingUrl = text(entry.detail.tracking_url);
        const carrier = text(entry.detail.carrier);
        const amount = cents(entry.detail.amount);
        const remaining = cents(entry.detail.remaining);
        const message = text(entry.detail.message);
        const due = text(entry.detail.due);
        return (
          <li key={`${entry.step}-${index}`}>
            <time dateTime={entry.at}>{formatDate(entry.at)}</time> <strong>{entry.label}</strong>
            {amount !== null && <span> — {formatPrice(amount)}</span>}
            {remaining !== null && <span> ({formatPrice(remaining)} remaining)</span>}
            {due && <span> — due {formatDate(due)}</span>}
            {message && <p className="timeline-message">{message}</p>}
            {trackingUrl && (
              <p>
                <a href={trackingUrl} target="_blank" rel="noreferrer">
                  Track your {carrier ? carrier.toUpperCase() : ''} parcel {text(entry.detail.tracking_number) ?? ''}
                </a>
              </p>
            )}
          </li>
        );
      })}
    </ol>
  );
}
