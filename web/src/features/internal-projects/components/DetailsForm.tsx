import { formatPrice } from '@shop/domain';
import { useId, useState } from 'react';
import type { InternalProject } from '../api/internal-projects';
import { toCents, type Save } from './detail-helpers';
import { Panel } from './Panel';

/** Name, tax exemption and the partial-payment arrangement (notes.payment_details). */
export function DetailsForm({ project, busy, onSave }: { project: InternalProject; busy: boolean; onSave: Save }) {
  const uid = useId();
  const [name, setName] = useState(project.name);
  const [taxExempt, setTaxExempt] = useState(project.notes.tax_exempt === true);
  const [payAmount, setPayAmount] = useState('');
  const [payDetails, setPayDetails] = useState('');
  return (
    <Panel title="Details">
      <form
        className="inline-form"
        onSubmit={(e) => {
          e.preventDefault();
          void onSave({ name, notes: { ...project.notes, tax_exempt: taxExempt } }, 'Details saved.');
        }}
      >
        <div className="field">
          <label htmlFor={`${uid}-name`}>Project name</label>
          <input id={`${uid}-name`} value={name} onChange={(e) => setName(e.target.value)} />
        </div>
        <div className="field checkbox">
          <input id={`${uid}-tax`} type="checkbox" checked={taxExempt} onChange={(e) => setTaxExempt(e.target.checked)} />
          <label htmlFor={`${uid}-tax`}>Tax exempt</label>
        </div>
        <button type="submit" disabled={busy}>
          Save details
        </button>
      </form>
      <form
        className="inline-form"
        aria-label="Record a payment"
        onSubmit={(e) => {
          e.preventDefault();
          const amount = toCents(payAmount) ?? 0;
          const owed = (project.balance_remaining ?? 0) > 0 ? (project.balance_remaining ?? 0) : project.cost?.total ?? 0;
          const partial = amount < owed;
          void onSave(
            { update_payment: { amount, partial, ...(partial ? { remaining: owed - amount } : {}), details: payDetails }, ...(project.state === 'A' ? { state: 'P' } : {}) },
            'Payment recorded.',
          );
        }}
      >
        <div className="field">
          <label htmlFor={`${uid}-pay`}>Payment received by other means ($)</label>
          <input id={`${uid}-pay`} type="number" min={0} step="0.01" value={payAmount} onChange={(e) => setPayAmount(e.target.value)} />
        </div>
        <div className="field">
          <label htmlFor={`${uid}-pay-details`}>Payment details</label>
          <input id={`${uid}-pay-details`} value={payDetails} onChange={(e) => setPayDetails(e.target.value)} placeholder="Cheque 1234" />
        </div>
        <button type="submit" disabled={busy || !payAmount}>
          Record payment
        </button>
        {(project.balance_remaining ?? 0) > 0 && <p>Remaining balance: {formatPrice(project.balance_remaining)}</p>}
      </form>
    </Panel>
  );
}
