import { itemLabel, priceTotal, shownCost, type ProjectView } from '@shop/domain';
import type { MailProject } from './mail-content.js';

/**
 * What a project mail shows of a project: its order label, items and totals. What is still owed
 * is the balance a recorded payment left when there is one (as the invoice link asks for it),
 * else what the quote says; paid is the rest of the total.
 */
export function mailProjectOf(view: ProjectView): MailProject {
  const quoted = shownCost(view, { paidInFull: view.paid !== null && !view.partial_payment });
  const remaining = view.balance_remaining ?? quoted.remaining;
  const paid = quoted.total !== null && remaining !== null ? quoted.total - remaining : quoted.paid;
  return {
    id: view.id,
    orderLabel: view.order_label,
    name: view.name,
    lines: view.fabrics.flatMap((fabric) =>
      fabric.items.map((item) => ({
        fabric: fabric.name || 'Unnamed fabric',
        item: itemLabel(item),
        quantity: item.quantity ?? 0,
        unitPrice: item.unit_price ?? null,
        price: priceTotal(item.unit_price, item.quantity),
      })),
    ),
    cost: { ...quoted, remaining, paid },
    due: view.due,
  };
}
