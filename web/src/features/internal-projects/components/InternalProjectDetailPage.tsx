import {
  activityKindLabels,
  carriers,
  costDetails,
  deliveryTypeLabel,
  formatPrice,
  MAX_PRODUCTION_TIME,
  MIN_PRODUCTION_TIME,
  productionStateLabels,
  productionStates,
  projectStateLabels,
  projectStates,
  quoteGaps,
  type Carrier,
  type CatalogueProduct,
  type Fabric,
  type LineItem,
  type ProductionState,
  type ProjectState,
} from '@shop/domain';
import { useCallback, useEffect, useId, useState, type FormEvent, type ReactNode } from 'react';
import { Link, useParams } from 'react-router-dom';
import { to } from '../../../lib/paths';
import { Alert } from '../../../components/Alert';
import { QuoteTable, itemLabel } from '../../../components/QuoteTable';
import { errorMessage } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format';
import { fetchCatalogueProducts } from '../api/catalogue';
import {
  addNote,
  deleteNote,
  editNote,
  fetchAuditLog,
  fetchCustomer,
  fetchInternalProject,
  fetchProjectAsOf,
  pauseProject,
  sendInvoice,
  sendReminder,
  unpauseProject,
  updateInternalProject,
  type AuditEntry,
  type InternalProject,
  type InternalUpdate,
} from '../api/internal-projects';

const PAID_STATES: readonly ProjectState[] = ['P', 'I', 'PS', 'C', 'S'];
const productionWeeks = Array.from({ length: MAX_PRODUCTION_TIME - MIN_PRODUCTION_TIME + 1 }, (_, i) => MIN_PRODUCTION_TIME + i);

const dollars = (cents: number | null | undefined) => (cents === null || cents === undefined ? '' : String(cents / 100));
const toCents = (text: string) => (text.trim() === '' ? null : Math.round(Number(text) * 100));
const toNumber = (text: string) => (text.trim() === '' ? null : Number(text));
const dateTime = (iso: string) => {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : `${formatDate(d)} ${d.toTimeString().slice(0, 5)}`;
};

type Load = { kind: 'loading' } | { kind: 'ready'; project: InternalProject } | { kind: 'failed'; message: string };

/** /internal/projects/{id}: staff edit, pricing, workflow, notes, e-mails, activity and the full audit log with time travel. */
export function InternalProjectDetailPage() {
  const { id = '' } = useParams();
  const uid = useId();
  const [load, setLoad] = useState<Load>({ kind: 'loading' });
  const [products, setProducts] = useState<CatalogueProduct[]>([]);
  const [audit, setAudit] = useState<AuditEntry[] | null>(null);
  const [asOf, setAsOf] = useState('');
  const [past, setPast] = useState<{ at: string; project: InternalProject | null; events: AuditEntry[] } | null>(null);
  const [busy, setBusy] = useState(false);
  const [customer, setCustomer] = useState<{ name: string; email: string } | null>(null);
  const [message, setMessage] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);

  const reloadAudit = useCallback(() => {
    fetchAuditLog(id).then(setAudit, () => setAudit([]));
  }, [id]);

  useEffect(() => {
    let current = true;
    setLoad({ kind: 'loading' });
    fetchInternalProject(id).then(
      (project) => current && setLoad({ kind: 'ready', project }),
      (error: unknown) => current && setLoad({ kind: 'failed', message: errorMessage(error) }),
    );
    fetchCatalogueProducts().then((list) => current && setProducts(list), () => undefined);
    void fetchCustomer(id).then((found) => current && setCustomer(found));
    reloadAudit();
    return () => {
      current = false;
    };
  }, [id, reloadAudit]);

  /** Runs a staff action that answers the updated project. */
  const act = async (action: () => Promise<InternalProject>, done: string) => {
    setBusy(true);
    setMessage(null);
    try {
      const written = await action();
      // Writes answer without the read side's activity log: read the project again once projected.
      const project = await fetchInternalProject(id, written.revision).catch(() => written);
      setLoad({ kind: 'ready', project });
      setMessage({ kind: 'success', text: done });
      reloadAudit();
      return true;
    } catch (error) {
      setMessage({ kind: 'error', text: errorMessage(error) });
      return false;
    } finally {
      setBusy(false);
    }
  };
  const update = (body: InternalUpdate, done: string) => act(() => updateInternalProject(id, body), done);

  async function showAsOf(at: string) {
    if (!at) return;
    const iso = new Date(at).toISOString();
    setBusy(true);
    try {
      setPast({ at: iso, ...(await fetchProjectAsOf(id, iso)) });
      setMessage(null);
    } catch (error) {
      setMessage({ kind: 'error', text: errorMessage(error) });
    } finally {
      setBusy(false);
    }
  }

  if (load.kind === 'loading') return <p role="status">Loading project…</p>;
  if (load.kind === 'failed')
    return (
      <section>
        <h1>Internal project detail</h1>
        <Alert>{load.message}</Alert>
      </section>
    );
  const project = load.project;
  const cost = project.cost ?? costDetails(project, { paidInFull: PAID_STATES.includes(project.state) && (project.balance_remaining ?? 0) === 0 });

  return (
    <section className="internal-detail">
      <div className="page-heading">
        <h1>Internal project detail</h1>
        <Link to={to.internalProjectPdf(project.id || id)}>Printable work order</Link>
      </div>
      <h2 className="project-name">{project.name || 'Untitled project'}</h2>
      <dl className="facts">
        <dt>State</dt>
        <dd>{projectStateLabels[project.state]}</dd>
        <dt>Production</dt>
        <dd>{productionStateLabels[project.production_state]}</dd>
        {project.readiness && (
          <>
            <dt>Readiness</dt>
            <dd>{project.readiness}</dd>
          </>
        )}
        <dt>Customer</dt>
        <dd>{customer ? `${customer.name} <${customer.email}>` : project.user}</dd>
        <dt>Submitted</dt>
        <dd>{formatDate(project.submitted) || '—'}</dd>
        <dt>Due</dt>
        <dd>{formatDate(project.due) || '—'}</dd>
        <dt>Production time</dt>
        <dd>{project.production_time} Weeks</dd>
        <dt>Delivery</dt>
        <dd>{project.shipping_notes.delivery_type === undefined ? '—' : deliveryTypeLabel(project.shipping_notes.delivery_type)}</dd>
        {project.shipment?.tracking_url && (
          <>
            <dt>Tracking</dt>
            <dd>
              <a href={project.shipment.tracking_url} target="_blank" rel="noreferrer">
                {project.shipment.carrier?.toUpperCase()} {project.shipment.tracking_number}
              </a>
            </dd>
          </>
        )}
      </dl>

      {message && <Alert kind={message.kind}>{message.text}</Alert>}

      <Panel title="Quote">
        <QuoteTable fabrics={project.fabrics} cost={cost} caption="Current quote" />
      </Panel>

      <PricingForm key={`pricing-${project.revision ?? project.updated}`} project={project} products={products} busy={busy} onSave={update} />
      <DetailsForm key={`details-${project.revision ?? project.updated}`} project={project} busy={busy} onSave={update} />
      <WorkflowPanel key={`workflow-${project.revision ?? project.updated}`} project={project} busy={busy} onSave={update} />
      <EmailsPanel project={project} busy={busy} act={act} />
      <NotesPanel project={project} busy={busy} act={act} />

      <Panel title="Activity log">
        {project.activity.length === 0 ? (
          <p>No activity yet.</p>
        ) : (
          <div className="table-wrap">
            <table>
              <thead>
                <tr>
                  <th scope="col">When</th>
                  <th scope="col">Kind</th>
                  <th scope="col">What</th>
                  <th scope="col">By</th>
                </tr>
              </thead>
              <tbody>
                {project.activity.map((entry, index) => (
                  <tr key={index}>
                    <td>{dateTime(entry.at)}</td>
                    <td>{activityKindLabels[entry.kind] ?? entry.kind}</td>
                    <td>{entry.text}</td>
                    <td>{entry.actor}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </Panel>

      <Panel title="Audit log">
        <form
          className="inline-form"
          aria-label="Show the project as it was"
          onSubmit={(e) => {
            e.preventDefault();
            void showAsOf(asOf);
          }}
        >
          <div className="field">
            <label htmlFor={`${uid}-as-of`}>Show the project as of</label>
            <input id={`${uid}-as-of`} type="datetime-local" value={asOf} onChange={(e) => setAsOf(e.target.value)} />
          </div>
          <button type="submit" disabled={busy || !asOf}>
            Show
          </button>
          {past && (
            <button type="button" className="secondary" onClick={() => setPast(null)}>
              Back to now
            </button>
          )}
        </form>
        {past && (
          <div className="as-of" role="region" aria-label="Project as it was">
            {past.project ? (
              <>
                <p>
                  <strong>As of {dateTime(past.at)}</strong> (after event #{past.events.at(-1)?.revision ?? '—'}): {projectStateLabels[past.project.state]}, production{' '}
                  {productionStateLabels[past.project.production_state]}, named “{past.project.name}”, due {formatDate(past.project.due) || '—'}.
                </p>
                <QuoteTable
                  fabrics={past.project.fabrics}
                  cost={past.project.cost}
                  caption={`Quote as of ${dateTime(past.at)}`}
                />
              </>
            ) : (
              <p>The project did not exist yet on {dateTime(past.at)}.</p>
            )}
          </div>
        )}
        {audit === null && <p role="status">Loading audit log…</p>}
        {audit && audit.length === 0 && <p>No events recorded.</p>}
        {audit && audit.length > 0 && (
          <div className="table-wrap">
            <table className="audit-log">
              <thead>
                <tr>
                  <th scope="col">#</th>
                  <th scope="col">When</th>
                  <th scope="col">Event</th>
                  <th scope="col">Who</th>
                  <th scope="col">What changed</th>
                  <th scope="col">
                    <span className="visually-hidden">Time travel</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {audit.map((entry) => (
                  <tr key={entry.revision}>
                    <td>{entry.revision}</td>
                    <td>{dateTime(entry.at)}</td>
                    <td>{entry.type}</td>
                    <td>{entry.actor}</td>
                    <td>
                      {(entry.changes ?? []).slice(0, 6).map((c) => (
                        <div key={c.field} className="change">
                          <code>{c.field}</code>: {short(c.from)} → {short(c.to)}
                        </div>
                      ))}
                      {(entry.changes ?? []).length > 6 && <div className="change">and {(entry.changes ?? []).length - 6} more fields</div>}
                    </td>
                    <td>
                      <button type="button" className="link-button" onClick={() => void showAsOf(entry.at)}>
                        View as of #{entry.revision}
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </Panel>
    </section>
  );
}

function short(value: unknown): string {
  if (value === null || value === undefined) return '—';
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > 60 ? `${text.slice(0, 57)}…` : text;
}

function Panel({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section className="panel" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}

type Save = (body: InternalUpdate, done: string) => Promise<boolean>;

/** Staff pricing: unit price and yardage per item, trim amounts, fabric price per yard and the shipping cost. */
function PricingForm({ project, products, busy, onSave }: { project: InternalProject; products: CatalogueProduct[]; busy: boolean; onSave: Save }) {
  const uid = useId();
  const [fabrics, setFabrics] = useState<Fabric[]>(project.fabrics);
  const [shipping, setShipping] = useState(dollars(project.shipping_cost));
  const [sendEmail, setSendEmail] = useState(true);
  const gaps = quoteGaps({ fabrics }, products);
  const editable = project.state === 'R' || project.state === 'D';
  const setItem = (fi: number, ii: number, patch: Partial<LineItem>) =>
    setFabrics((all) => all.map((f, i) => (i === fi ? { ...f, items: f.items.map((item, j) => (j === ii ? { ...item, ...patch } : item)) } : f)));
  const setFabric = (fi: number, patch: Partial<Fabric>) => setFabrics((all) => all.map((f, i) => (i === fi ? { ...f, ...patch } : f)));
  const shippingCost = toCents(shipping) ?? 0;

  return (
    <Panel title="Pricing">
      {!editable && <p className="field-hint">Prices can be changed while the project is in Review (or Draft).</p>}
      <form
        onSubmit={(e: FormEvent) => {
          e.preventDefault();
          void onSave({ fabrics, shipping_cost: shippingCost }, 'Prices saved.');
        }}
      >
        {fabrics.map((fabric, fi) => (
          <fieldset key={fabric.id} className="pricing-fabric" disabled={!editable || busy}>
            <legend>{fabric.name || `Fabric ${fi + 1}`}</legend>
            <div className="field">
              <label htmlFor={`${uid}-f${fi}-price`}>Fabric price per yard ($) for {fabric.name || `fabric ${fi + 1}`}</label>
              <input
                id={`${uid}-f${fi}-price`}
                type="number"
                min={0}
                step="0.01"
                value={dollars(fabric.unit_price)}
                onChange={(e) => setFabric(fi, { unit_price: toCents(e.target.value) })}
              />
            </div>
            <div className="table-wrap">
              <table>
                <thead>
                  <tr>
                    <th scope="col">Item</th>
                    <th scope="col">Qty</th>
                    <th scope="col">Unit price ($)</th>
                    <th scope="col">Yardage (yd)</th>
                    <th scope="col">Trim amount</th>
                    <th scope="col">Problems</th>
                  </tr>
                </thead>
                <tbody>
                  {fabric.items.map((item, ii) => {
                    const label = `${itemLabel(item)} (fabric ${fi + 1}, item ${ii + 1})`;
                    const itemGaps = gaps.filter((g) => g.field.startsWith(`fabrics.${fi}.items.${ii}.`));
                    return (
                      <tr key={ii}>
                        <td>{itemLabel(item)}</td>
                        <td>{item.quantity ?? 0}</td>
                        <td>
                          <input
                            aria-label={`Unit price for ${label}`}
                            type="number"
                            min={0}
                            step="0.01"
                            value={dollars(item.unit_price)}
                            onChange={(e) => setItem(fi, ii, { unit_price: toCents(e.target.value) })}
                          />
                        </td>
                        <td>
                          <input
                            aria-label={`Yardage for ${label}`}
                            type="number"
                            min={0}
                            step="0.05"
                            value={item.yardage ?? ''}
                            onChange={(e) => setItem(fi, ii, { yardage: toNumber(e.target.value) })}
                          />
                        </td>
                        <td>
                          {item.product_trim === 'S' && (
                            <input
                              aria-label={`Self welt yardage for ${label}`}
                              type="number"
                              min={0}
                              step="0.05"
                              value={item.self_welt ?? ''}
                              onChange={(e) => setItem(fi, ii, { self_welt: toNumber(e.target.value) })}
                            />
                          )}
                          {item.product_trim === 'P' && (
                            <input
                              aria-label={`Piping price ($) for ${label}`}
                              type="number"
                              min={0}
                              step="0.01"
                              value={dollars(item.piping)}
                              onChange={(e) => setItem(fi, ii, { piping: toCents(e.target.value) })}
                            />
                          )}
                          {item.product_trim === 'C' && (
                            <input
                              aria-label={`Contrast welt price ($) for ${label}`}
                              type="number"
                              min={0}
                              step="0.01"
                              value={dollars(item.contrast_welt)}
                              onChange={(e) => setItem(fi, ii, { contrast_welt: toCents(e.target.value) })}
                            />
                          )}
                          {!item.product_trim && '—'}
                        </td>
                        <td className="field-error">{[...new Set(itemGaps.map((g) => g.message))].join(' ')}</td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </div>
          </fieldset>
        ))}
        <fieldset disabled={!editable || busy} className="inline-form">
          <div className="field">
            <label htmlFor={`${uid}-shipping`}>Shipping cost ($)</label>
            <input id={`${uid}-shipping`} type="number" min={0} step="0.01" value={shipping} onChange={(e) => setShipping(e.target.value)} />
          </div>
          <button type="submit">Save prices</button>
        </fieldset>
      </form>
      {project.state === 'R' && (
        <div className="inline-form">
          <div className="field checkbox">
            <input id={`${uid}-send-invoice`} type="checkbox" checked={sendEmail} onChange={(e) => setSendEmail(e.target.checked)} />
            <label htmlFor={`${uid}-send-invoice`}>E-mail the invoice on approval</label>
          </div>
          <button
            type="button"
            disabled={busy}
            onClick={() => void onSave({ fabrics, shipping_cost: shippingCost, state: 'A', send_email: sendEmail }, 'Quote approved.')}
          >
            Approve quote
          </button>
          {gaps.length > 0 && <p className="field-hint">{gaps.length} pricing gap(s) remain; approval will be refused until they are filled.</p>}
        </div>
      )}
    </Panel>
  );
}

/** Name, tax exemption and the partial-payment arrangement (notes.payment_details). */
function DetailsForm({ project, busy, onSave }: { project: InternalProject; busy: boolean; onSave: Save }) {
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

/** State, production state, fabric arrived, onsite visit, due date, production time, shipping. */
function WorkflowPanel({ project, busy, onSave }: { project: InternalProject; busy: boolean; onSave: Save }) {
  const uid = useId();
  const [state, setState] = useState<ProjectState>(project.state);
  const [production, setProduction] = useState<ProductionState>(project.production_state);
  const [due, setDue] = useState(project.due?.slice(0, 10) ?? '');
  const [weeks, setWeeks] = useState(project.production_time);
  const [carrier, setCarrier] = useState<Carrier | ''>('');
  const [tracking, setTracking] = useState('');
  const [reason, setReason] = useState('');
  return (
    <Panel title="Production">
      <form
        className="inline-form"
        onSubmit={(e) => {
          e.preventDefault();
          const shipping = state === 'S' ? { carrier: carrier || null, tracking_number: tracking.trim() || null } : {};
          void onSave({ state, ...shipping, ...(reason ? { reason, message: reason } : {}) }, `State changed to ${projectStateLabels[state]}.`);
        }}
      >
        <div className="field">
          <label htmlFor={`${uid}-state`}>Project state</label>
          <select id={`${uid}-state`} value={state} onChange={(e) => setState(e.target.value as ProjectState)}>
            {projectStates.map((code) => (
              <option key={code} value={code}>
                {projectStateLabels[code]}
              </option>
            ))}
          </select>
        </div>
        {state === 'S' && (
          <>
            <div className="field">
              <label htmlFor={`${uid}-carrier`}>Carrier</label>
              <select id={`${uid}-carrier`} value={carrier} onChange={(e) => setCarrier(e.target.value as Carrier | '')}>
                <option value="">None (pick-up or our delivery)</option>
                {carriers.map((c) => (
                  <option key={c} value={c}>
                    {c.toUpperCase()}
                  </option>
                ))}
              </select>
            </div>
            <div className="field">
              <label htmlFor={`${uid}-tracking`}>Tracking number</label>
              <input id={`${uid}-tracking`} value={tracking} onChange={(e) => setTracking(e.target.value)} />
            </div>
          </>
        )}
        {(state === 'D' || state === 'X') && state !== project.state && (
          <div className="field">
            <label htmlFor={`${uid}-reason`}>Reason</label>
            <input id={`${uid}-reason`} value={reason} onChange={(e) => setReason(e.target.value)} />
          </div>
        )}
        <button type="submit" disabled={busy || state === project.state}>
          Change state
        </button>
      </form>

      <form
        className="inline-form"
        onSubmit={(e) => {
          e.preventDefault();
          void onSave({ production_state: production }, `Production state changed to ${productionStateLabels[production]}.`);
        }}
      >
        <div className="field">
          <label htmlFor={`${uid}-production`}>Production state</label>
          <select id={`${uid}-production`} value={production} onChange={(e) => setProduction(e.target.value as ProductionState)}>
            {productionStates.map((code) => (
              <option key={code} value={code}>
                {productionStateLabels[code]}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" disabled={busy || production === project.production_state || project.state !== 'I'}>
          Update production state
        </button>
        {project.state !== 'I' && <p className="field-hint">Production states change while the project is In Progress.</p>}
      </form>

      <div className="inline-form">
        <button type="button" disabled={busy || project.fabric_arrived} onClick={() => void onSave({ fabric_arrived: true }, 'Fabric marked as arrived.')}>
          {project.fabric_arrived ? 'Fabric arrived ✓' : 'Mark fabric arrived'}
        </button>
        <button type="button" disabled={busy || project.onsite_complete} onClick={() => void onSave({ onsite_complete: true }, 'Onsite visit marked complete.')}>
          {project.onsite_complete ? 'Onsite visit complete ✓' : 'Mark onsite visit complete'}
        </button>
      </div>

      <form
        className="inline-form"
        onSubmit={(e) => {
          e.preventDefault();
          void onSave({ ...(due ? { due } : {}), production_time: weeks }, 'Schedule saved.');
        }}
      >
        <div className="field">
          <label htmlFor={`${uid}-due`}>Due date</label>
          <input id={`${uid}-due`} type="date" value={due} onChange={(e) => setDue(e.target.value)} />
        </div>
        <div className="field">
          <label htmlFor={`${uid}-weeks`}>Production time</label>
          <select id={`${uid}-weeks`} value={weeks} onChange={(e) => setWeeks(Number(e.target.value))}>
            {productionWeeks.map((n) => (
              <option key={n} value={n}>
                {n} Weeks
              </option>
            ))}
          </select>
        </div>
        <button type="submit" disabled={busy}>
          Save schedule
        </button>
      </form>
    </Panel>
  );
}

type Act = (action: () => Promise<InternalProject>, done: string) => Promise<boolean>;

/** Pause / unpause with a message, a reminder, and the invoice e-mail. */
function EmailsPanel({ project, busy, act }: { project: InternalProject; busy: boolean; act: Act }) {
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
            void act(() => (canPause ? pauseProject(project.id, pauseMessage) : unpauseProject(project.id, pauseMessage)), canPause ? 'Project paused.' : 'Project resumed.').then(
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
          void act(() => sendReminder(project.id, reminder), 'Reminder sent.').then((ok) => ok && setReminder(''));
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
          void act(() => sendInvoice(project.id, invoiceEmail.trim()), 'Invoice sent.');
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
    </Panel>
  );
}

/** Staff notes: add, edit, delete. */
function NotesPanel({ project, busy, act }: { project: InternalProject; busy: boolean; act: Act }) {
  const uid = useId();
  const [text, setText] = useState('');
  const [editing, setEditing] = useState<{ id: string; text: string } | null>(null);
  return (
    <Panel title="Notes">
      {project.staff_notes.length === 0 && <p>No notes yet.</p>}
      <ul className="notes">
        {project.staff_notes.map((note) => (
          <li key={note.id}>
            {editing?.id === note.id ? (
              <form
                className="inline-form"
                onSubmit={(e) => {
                  e.preventDefault();
                  void act(() => editNote(project.id, note.id, editing.text), 'Note saved.').then((ok) => ok && setEditing(null));
                }}
              >
                <div className="field wide">
                  <label htmlFor={`${uid}-edit-${note.id}`}>Edit note</label>
                  <textarea id={`${uid}-edit-${note.id}`} rows={2} value={editing.text} onChange={(e) => setEditing({ id: note.id, text: e.target.value })} />
                </div>
                <button type="submit" disabled={busy || !editing.text.trim()}>
                  Save note
                </button>
                <button type="button" className="secondary" onClick={() => setEditing(null)}>
                  Cancel
                </button>
              </form>
            ) : (
              <>
                <p className="note-text">{note.text}</p>
                <p className="field-hint">
                  {note.author} · {dateTime(note.created)}
                  {note.updated ? ` · edited ${dateTime(note.updated)}` : ''}
                </p>
                <button type="button" className="link-button" onClick={() => setEditing({ id: note.id, text: note.text })}>
                  Edit
                </button>{' '}
                <button type="button" className="link-button" disabled={busy} onClick={() => void act(() => deleteNote(project.id, note.id), 'Note deleted.')}>
                  Delete
                </button>
              </>
            )}
          </li>
        ))}
      </ul>
      <form
        className="inline-form"
        onSubmit={(e) => {
          e.preventDefault();
          void act(() => addNote(project.id, text.trim()), 'Note added.').then((ok) => ok && setText(''));
        }}
      >
        <div className="field wide">
          <label htmlFor={`${uid}-note`}>New note</label>
          <textarea id={`${uid}-note`} rows={2} value={text} onChange={(e) => setText(e.target.value)} />
        </div>
        <button type="submit" disabled={busy || !text.trim()}>
          Add note
        </button>
      </form>
    </Panel>
  );
}
