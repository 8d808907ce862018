import { defineReport, type ReportRow } from '../report.js';
import { ProjectGroups } from '../project-groups.js';
import { inPeriod, shopDay } from '../shop-calendar.js';

interface Payment {
  streamId: string;
  at: string;
  amount: number;
  partial: boolean;
  remaining: number;
  by: string;
}

/**
 * Money received (docs/decisions/0061): every PaymentRecorded whose shop-calendar day lies in the
 * period. Without --by, one row per payment (the report as it was before it moved onto the
 * one-pass engine); with --by, the payments and their sum per group.
 */
export const revenue = defineReport({
  description: 'money received: each payment, or payments and revenue per --by group',
  initial: () => ({ projectOfStream: new Map<string, string>(), payments: [] as Payment[], groups: new ProjectGroups() }),
  evolve: (state, event) => {
    state.groups.observe(event);
    if (event.type === 'ProjectCreated' || event.type === 'ProjectCopied') state.projectOfStream.set(event.streamId, event.data.projectId);
    if (event.type === 'PaymentRecorded') {
      const { at, amount, partial, remaining, by } = event.data;
      state.payments.push({ streamId: event.streamId, at, amount, partial, remaining, by });
    }
    return state;
  },
  rows: (state, options): ReportRow[] => {
    const payments = state.payments.filter((payment) => inPeriod(payment.at, options));
    if (options.by === 'all') {
      return payments.map((payment) => ({
        day: shopDay(payment.at),
        paid_at: payment.at,
        project_id: state.projectOfStream.get(payment.streamId) ?? payment.streamId,
        amount_cents: payment.amount,
        partial: payment.partial,
        remaining_cents: payment.remaining,
        recorded_by: payment.by,
      }));
    }
    const totals = new Map<string, { payments: number; revenue: number }>();
    for (const payment of payments) {
      const group = state.groups.groupOf(payment.streamId, payment.at, options.by);
      const total = totals.get(group) ?? { payments: 0, revenue: 0 };
      total.payments += 1;
      total.revenue += payment.amount;
      totals.set(group, total);
    }
    return [...totals].sort(([a], [b]) => a.localeCompare(b)).map(([group, total]) => ({ group, payments: total.payments, revenue_cents: total.revenue }));
  },
});
