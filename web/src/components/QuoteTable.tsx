import { formatPrice, itemLabel, priceTotal, type Fabric, type ShownCost } from '@shop/domain';
import { ItemPictures } from './ItemPictures';

/** Re-exported: the quote's wording of an item is the domain's, shared with the work order and e-mails. */
export { itemLabel };

const costRows: Array<[keyof ShownCost, string]> = [
  ['labor', 'Labor'],
  ['fabric', 'Fabric'],
  ['subtotal', 'Subtotal'],
  ['tax', 'Tax'],
  ['shipping', 'Shipping'],
  ['total', 'Total'],
];

/** The quote: one row per line item with its pictures (cents shown as USD) and the SPEC §9 cost details under it. */
export function QuoteTable({ fabrics, cost, caption = 'Quote' }: { fabrics: readonly Fabric[]; cost?: ShownCost | undefined; caption?: string }) {
  return (
    <div className="table-wrap">
      <table className="quote-table">
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Fabric</th>
            <th scope="col">Item</th>
            <th scope="col" className="number">Quantity</th>
            <th scope="col" className="number">Unit price</th>
            <th scope="col" className="number">Price</th>
          </tr>
        </thead>
        <tbody>
          {fabrics.flatMap((fabric) =>
            fabric.items.map((item, index) => (
              <tr key={`${fabric.id}-${index}`}>
                <td data-label="Fabric">{fabric.name || 'Unnamed fabric'}</td>
                <td data-label="Item">
                  <div className="item-cell">
                    <ItemPictures item={item} fabric={fabric} size="small" />
                    <span>{itemLabel(item)}</span>
                  </div>
                </td>
                <td className="number" data-label="Quantity">{item.quantity ?? 0}</td>
                <td className="number" data-label="Unit price">{formatPrice(item.unit_price)}</td>
                <td className="number" data-label="Price">{formatPrice(priceTotal(item.unit_price, item.quantity))}</td>
              </tr>
            )),
          )}
        </tbody>
        {cost && (
          <tfoot>
            {costRows
              .filter(([key]) => key !== 'tax' || (cost.tax ?? 0) > 0)
              .map(([key, label]) => (
                <tr key={key} className={key === 'total' ? 'total' : undefined}>
                  <th scope="row" colSpan={4}>
                    {label}
                  </th>
                  <td className="number">{formatPrice(cost[key])}</td>
                </tr>
              ))}
            {cost.paid !== null && cost.paid > 0 && (
              <tr>
                <th scope="row" colSpan={4}>
                  Paid
                </th>
                <td className="number">{formatPrice(cost.paid)}</td>
              </tr>
            )}
            {cost.paid !== null && cost.paid > 0 && (cost.remaining ?? 0) > 0 && (
              <tr>
                <th scope="row" colSpan={4}>
                  Remaining
                </th>
                <td className="number">{formatPrice(cost.remaining)}</td>
              </tr>
            )}
          </tfoot>
        )}
      </table>
    </div>
  );
}
