import {
  addressFields,
  costDetails,
  deliveryOptions,
  formatPrice,
  isInTaxArea,
  unknownWhereUnpriced,
  projectStateLabels,
  TAX_RATE,
  validateShippingNotes,
  type DeliveryType,
  type ShippingAddress,
  type ShippingNotes,
} from '@shop/domain';
import { useId, useRef, useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router-dom';
import { to } from '../../../lib/paths';
import { Alert } from '../../../components/Alert';
import { ProgressSteps } from '../../../components/ProgressSteps';
import { QuoteTable } from '../../../components/QuoteTable';
import { Timeline } from '../../../components/Timeline';
import { errorMessage } from '../../../lib/api-client';
import type { CheckoutProject } from '../api/checkout';
import { useCheckout, useCheckoutTimeline, usePayment } from '../api/queries';

const PAID_STATES = ['P', 'I', 'PS', 'C', 'S'];
const TEST_CARD = '4242 4242 4242 4242';

const addressLabels: Record<(typeof addressFields)[number], string> = {
  recipient_name: 'Recipient name',
  line1: 'Street address',
  city: 'City',
  state: 'State',
  postal_code: 'Postal code',
};
const autoComplete: Record<(typeof addressFields)[number], string> = {
  recipient_name: 'name',
  line1: 'address-line1',
  city: 'address-level2',
  state: 'address-level1',
  postal_code: 'postal-code',
};

/** A deposit is half the total, rounded up to the cent (the command side's rule, docs/decisions/0042). */
export const depositOf = (total: number) => Math.ceil(total / 2);

/**
 * What is charged now: the balance still owed after a deposit; else, for an approved project,
 * the total or (when chosen) the deposit, with what will remain.
 */
export function amountDueNow(project: CheckoutProject, shippingNotes: ShippingNotes, deposit: boolean) {
  const balance = project.balance_remaining ?? 0;
  const paidInFull = PAID_STATES.includes(project.state) && balance === 0;
  const cost = costDetails({ ...project, shipping_notes: shippingNotes }, { paidInFull });
  if (balance > 0) return { cost, amount: balance, partial: false, remainingAfter: 0 };
  if (project.state !== 'A') return { cost, amount: 0, partial: false, remainingAfter: 0 };
  if (deposit) {
    const amount = depositOf(cost.total);
    return { cost, amount, partial: true, remainingAfter: cost.total - amount };
  }
  return { cost, amount: cost.total, partial: false, remainingAfter: 0 };
}

/** /invoice/{id}: shipping address, delivery option, the quote with tax, and payment (sandbox, test mode). */
export function CheckoutPage() {
  const { id = '' } = useParams();
  const uid = useId();
  const load = useCheckout(id);
  const timeline = useCheckoutTimeline(id);
  const pay = usePayment(id);
  // A second click of Pay before the first one's answer does nothing (the button is disabled only after a render).
  const payClicked = useRef(false);
  // What the customer chose; until then the choices stored with the project.
  const [chosenDeliveryType, setDeliveryType] = useState<DeliveryType | null>(null);
  const [typedAddress, setAddress] = useState<ShippingAddress | null>(null);
  const [card, setCard] = useState('');
  const [deposit, setDeposit] = useState(false);
  const [showProblems, setShowProblems] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  if (load.isPending) return <p role="status">Loading checkout…</p>;
  if (load.isError)
    return (
      <section>
        <h1>Checkout</h1>
        <Alert>{errorMessage(load.error)}</Alert>
      </section>
    );

  const project = load.data;
  const paid = pay.isSuccess;
  const paying = pay.isPending;
  const testMode = pay.data?.testMode ?? true;
  const deliveryType = chosenDeliveryType ?? project.shipping_notes.delivery_type ?? 0;
  const address = typedAddress ?? project.shipping_notes.shipping_address ?? {};
  const shippingNotes: ShippingNotes = { delivery_type: deliveryType, ...(deliveryType === 2 ? {} : { shipping_address: address }) };
  const problems = validateShippingNotes(shippingNotes);
  const addressMessage = problems[0]?.message;
  const blank = new Set(problems.map((p) => p.field.split('.').pop()));
  const { cost, amount, partial, remainingAfter } = amountDueNow(project, shippingNotes, deposit);
  const payable = !paid && amount > 0 && (project.state === 'A' || (project.balance_remaining ?? 0) > 0);
  const taxApplies = deliveryType !== 2 && isInTaxArea(address.postal_code) && !project.notes.tax_exempt;

  async function onPay(event: FormEvent) {
    event.preventDefault();
    setShowProblems(true);
    setFailure(null);
    if (problems.length > 0) return;
    if (!card.trim()) {
      setFailure('Please enter a card number.');
      return;
    }
    if (payClicked.current) return;
    payClicked.current = true;
    try {
      await pay.mutateAsync({ project, shippingNotes, payment: { card_number: card.replace(/\s+/g, ''), deposit: partial } });
    } catch (error) {
      setFailure(errorMessage(error));
    } finally {
      payClicked.current = false;
    }
  }

  return (
    <section className="checkout">
      <div className="page-heading">
        <h1>Checkout</h1>
        <p>
          State: <strong>{projectStateLabels[project.state]}</strong>
        </p>
      </div>
      <h2 className="project-name">
        <span className="order-number">{project.order_label}</span> {project.name || 'Untitled project'}
      </h2>
      <ProgressSteps state={project.state} fabricArrived={project.fabric_arrived} />
      {testMode && (
        <div className="test-mode" role="note" aria-label="Test mode">
          <strong>Test mode</strong> — payments go to the sandbox gateway and no money moves. Use card {TEST_CARD} to succeed or 4000 0000 0000
          0002 to see a decline.
        </div>
      )}

      {/* The figures charged come from costDetails; what is shown reads 'Price TBD' while unpriced. */}
      <QuoteTable fabrics={project.fabrics} cost={unknownWhereUnpriced(project, cost)} />
      {taxApplies && <p className="field-hint">Sales tax of {(TAX_RATE * 100).toFixed(3)}% applies to deliveries in New York City.</p>}

      {paid && (
        <Alert kind="success">
          Payment received — thank you. Follow your project on its <Link to={to.projectSummary(project.id || id)}>summary page</Link>.
        </Alert>
      )}

      {!payable && !paid && (
        <Alert kind="info">
          This project is not awaiting payment. See its <Link to={to.projectSummary(id)}>summary</Link>.
        </Alert>
      )}

      {payable && (
        <form className="checkout-form" onSubmit={(e) => void onPay(e)} noValidate aria-label="Shipping and payment">
          <fieldset className="delivery-options">
            <legend>Delivery</legend>
            {deliveryOptions.map((option) => (
              <div key={option.type} className="delivery-option">
                <input
                  type="radio"
                  id={`${uid}-delivery-${option.type}`}
                  name="delivery_type"
                  value={option.type}
                  checked={deliveryType === option.type}
                  aria-describedby={`${uid}-delivery-${option.type}-desc`}
                  onChange={() => setDeliveryType(option.type)}
                />
                <label htmlFor={`${uid}-delivery-${option.type}`}>
                  {option.label} —{' '}
                  {option.type === 0 && project.shipping_cost > 0
                    ? formatPrice(project.shipping_cost)
                    : option.price_from_cents === null
                      ? 'quoted'
                      : option.price_from_cents === 0
                        ? 'free'
                        : `from ${formatPrice(option.price_from_cents)}`}
                </label>
                <p id={`${uid}-delivery-${option.type}-desc`} className="field-hint">
                  {option.description}
                </p>
              </div>
            ))}
          </fieldset>

          {deliveryType !== 2 && (
            <fieldset className="address" aria-describedby={showProblems && addressMessage ? `${uid}-address-error` : undefined}>
              <legend>Shipping address</legend>
              {addressFields.map((key) => (
                <div className="field" key={key}>
                  <label htmlFor={`${uid}-${key}`}>{addressLabels[key]}</label>
                  <input
                    id={`${uid}-${key}`}
                    autoComplete={autoComplete[key]}
                    value={address[key] ?? ''}
                    aria-invalid={showProblems && blank.has(key) ? true : undefined}
                    aria-describedby={showProblems && blank.has(key) ? `${uid}-address-error` : undefined}
                    onChange={(e) => setAddress({ ...address, [key]: e.target.value })}
                  />
                </div>
              ))}
              {showProblems && addressMessage && (
                <p id={`${uid}-address-error`} className="field-error">
                  {addressMessage}
                </p>
              )}
            </fieldset>
          )}

          <fieldset className="payment">
            <legend>Payment</legend>
            {project.state === 'A' && (
              <div className="field checkbox">
                <input id={`${uid}-deposit`} type="checkbox" checked={deposit} onChange={(e) => setDeposit(e.target.checked)} />
                <label htmlFor={`${uid}-deposit`}>Pay a 50% deposit now and the rest before shipping</label>
              </div>
            )}
            {(project.balance_remaining ?? 0) > 0 && <p>A deposit has been paid; this pays the remaining balance.</p>}
            {partial ? (
              <dl className="facts">
                <dt>Partial payment now</dt>
                <dd>{formatPrice(amount)}</dd>
                <dt>Remaining after this payment</dt>
                <dd>{formatPrice(remainingAfter)}</dd>
              </dl>
            ) : (
              <p>
                Amount due: <strong>{formatPrice(amount)}</strong>
              </p>
            )}
            <div className="field">
              <label htmlFor={`${uid}-card`}>Card number (test mode)</label>
              <input id={`${uid}-card`} inputMode="numeric" autoComplete="cc-number" placeholder={TEST_CARD} value={card} onChange={(e) => setCard(e.target.value)} />
            </div>
          </fieldset>
          {failure && <Alert>{failure}</Alert>}
          <button type="submit" disabled={paying}>
            Pay {formatPrice(amount)}
          </button>
        </form>
      )}

      <section aria-labelledby={`${uid}-timeline`}>
        <h2 id={`${uid}-timeline`}>Timeline</h2>
        {timeline.data === undefined ? <p role="status">Loading timeline…</p> : <Timeline steps={timeline.data} />}
      </section>
    </section>
  );
}
