/**
 * An example of your own report (docs/writing-a-report.md): how payments come in, per month,
 * through the online checkout (a gateway charge) or recorded by hand by staff.
 *
 *   npm run report -- ./reports/example-report.ts --from 2026-01-01 --format csv
 *
 * Copy this file, rename it, and change the three parts: the state you keep, how one event
 * changes it, and the rows you want at the end.
 */
import { defineReport, inPeriod, shopMonth } from '@shop/analytics/reports';

interface MonthTotals {
  checkout: number;
  staff: number;
  cents: number;
}

export default defineReport({
  description: 'payments per month, through the checkout or recorded by staff',

  // 1. The state: whatever you need to remember between events. `options` holds --from, --to,
  //    --as-of, --by, --idle-days and the report's "now"; keep what evolve needs.
  initial: (options) => ({ options, months: new Map<string, MonthTotals>() }),

  // 2. One event at a time, in the order the log holds them. `event.type` narrows `event.data`
  //    to that event's fields (the domain's events, domain/src/*/events.ts). Change the state
  //    in place and return it, or return a new one.
  evolve: (state, event) => {
    if (event.type !== 'PaymentRecorded' || !inPeriod(event.data.at, state.options)) return state;
    const month = shopMonth(event.data.at);
    const totals = state.months.get(month) ?? { checkout: 0, staff: 0, cents: 0 };
    if (event.data.chargeId === null) totals.staff += 1;
    else totals.checkout += 1;
    totals.cents += event.data.amount;
    state.months.set(month, totals);
    return state;
  },

  // 3. The answer: one object per row, plain values, the same columns on every row.
  rows: (state) =>
    [...state.months]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([month, totals]) => ({ month, checkout_payments: totals.checkout, staff_payments: totals.staff, amount_cents: totals.cents })),
});
