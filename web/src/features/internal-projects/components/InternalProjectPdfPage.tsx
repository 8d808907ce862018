import { deliveryTypeLabel, productionStateLabels, projectStateLabels, TRIM_CHOICES, INSERT_CHOICES, NO_INSERT_CHOICE } from '@shop/domain';
import { QRCodeSVG } from 'qrcode.react';
import { Link, useParams } from 'react-router-dom';
import { to } from '../../../lib/paths';
import { Alert } from '../../../components/Alert';
import { itemLabel } from '../../../components/QuoteTable';
import { errorMessage } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format';
import { useInternalProject } from '../api/queries';

const insertName = (code: string | null | undefined) =>
  code ? ([...INSERT_CHOICES, NO_INSERT_CHOICE].find((c) => c.id === code)?.desc ?? code) : '—';
const trimName = (code: string | null | undefined) => (code === null ? 'None' : code ? (TRIM_CHOICES.find((c) => c.code === code)?.name ?? code) : '—');

/**
 * /internal/projects/{id}/pdf: the workroom's work order as a print-styled page. "Print or save as
 * PDF" opens the browser's print dialog (window.print), which saves a real PDF; no PDF library is shipped.
 */
export function InternalProjectPdfPage() {
  const { id = '' } = useParams();
  // The same cached read as the project detail: opening the work order from there costs no request.
  const load = useInternalProject(id);

  if (load.isPending) return <p role="status">Loading work order…</p>;
  if (load.isError)
    return (
      <section>
        <h1>Work order</h1>
        <Alert>{errorMessage(load.error)}</Alert>
      </section>
    );
  const p = load.data;
  const address = p.shipping_notes.shipping_address;
  return (
    <article className="work-order">
      <div className="page-heading no-print">
        <Link to={to.internalProject(id)}>Back to the project</Link>
        <button type="button" onClick={() => window.print()}>
          Print or save as PDF
        </button>
      </div>
      <div className="work-order-top">
        <h1>
          Work order <span className="order-number">{p.order_label}</span>: {p.name || 'Untitled project'}
        </h1>
        {/* The order number as a QR code, for the workroom to scan from the printed sheet. */}
        <QRCodeSVG value={p.order_label} size={96} marginSize={1} title={`Order ${p.order_label}`} role="img" aria-label={`QR code of order ${p.order_label}`} />
      </div>
      <dl className="facts">
        <dt>Order</dt>
        <dd>{p.order_label}</dd>
        <dt>State</dt>
        <dd>
          {projectStateLabels[p.state]} / {productionStateLabels[p.production_state]}
        </dd>
        <dt>Due</dt>
        <dd>{formatDate(p.due) || '—'}</dd>
        <dt>Production time</dt>
        <dd>{p.production_time} Weeks</dd>
        <dt>Readiness</dt>
        <dd>{p.readiness ?? '—'}</dd>
        <dt>Delivery</dt>
        <dd>
          {p.shipping_notes.delivery_type === undefined ? '—' : deliveryTypeLabel(p.shipping_notes.delivery_type)}
          {address?.line1 ? ` — ${address.recipient_name ?? ''}, ${address.line1}, ${address.city ?? ''} ${address.state ?? ''} ${address.postal_code ?? ''}` : ''}
        </dd>
      </dl>
      {p.fabrics.map((fabric, fi) => (
        <section key={fabric.id} className="work-order-fabric">
          <h2>
            Fabric {fi + 1}: {fabric.name || 'Unnamed'} {fabric.arrived || p.fabric_arrived ? '(arrived)' : '(awaiting)'}
          </h2>
          {fabric.description && <p>{fabric.description}</p>}
          <div className="table-wrap">
            <table>
              <thead>
                <tr>
                  <th scope="col">Item</th>
                  <th scope="col">Qty</th>
                  <th scope="col">Insert</th>
                  <th scope="col">Trim</th>
                  <th scope="col">Extras</th>
                  <th scope="col">Yardage</th>
                  <th scope="col">Notes</th>
                </tr>
              </thead>
              <tbody>
                {fabric.items.map((item, ii) => (
                  <tr key={ii}>
                    <td>{itemLabel(item)}</td>
                    <td>{item.quantity ?? 0}</td>
                    <td>{insertName(item.insert)}</td>
                    <td>
                      {trimName(item.product_trim)}
                      {item.trim_description ? ` — ${item.trim_description}` : ''}
                    </td>
                    <td>{[item.include_velcro && 'Velcro', item.include_tiebacks && 'Tiebacks', item.include_cleats && 'Cleats'].filter(Boolean).join(', ') || '—'}</td>
                    <td>{item.yardage ?? '—'}</td>
                    <td>{item.description ?? ''}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
      ))}
      {p.additional_notes && (
        <section>
          <h2>Project notes</h2>
          <p>{p.additional_notes}</p>
        </section>
      )}
      {p.staff_notes.length > 0 && (
        <section>
          <h2>Staff notes</h2>
          <ul>
            {p.staff_notes.map((note) => (
              <li key={note.id}>{note.text}</li>
            ))}
          </ul>
        </section>
      )}
    </article>
  );
}
