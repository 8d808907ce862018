import { quoteGaps, type CatalogueProduct, type Fabric, type LineItem } from '@shop/domain';
import { useId, useState, type FormEvent } from 'react';
import { itemLabel } from '../../../components/QuoteTable';
import type { InternalProject } from '../api/internal-projects';
import { dollars, toCents, toNumber, type Save } from './detail-helpers';
import { Panel } from './Panel';

/** Staff pricing: unit price and yardage per item, trim amounts, fabric price per yard and the shipping cost. */
export function PricingForm({ project, products, busy, onSave }: { project: InternalProject; products: CatalogueProduct[]; busy: boolean; onSave: Save }) {
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
